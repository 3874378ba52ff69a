import type { Context } from "hono";
import type { Lang } from "../../schema/api/lang.ts";
import type { SessionUser } from "../domain/auth/sessions.ts";
import type { Db } from "../domain/db.ts";
import type { Fields } from "../../schema/api/fields.ts";
import type { Env } from "../domain/env.ts";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    lang: Lang;
    db: Db;
    fields: Fields;
    user: SessionUser;
  };
};

export type AppContext = Context<AppEnv>;
