import type { Context } from "hono";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { Lang } from "../../schema/api/lang.ts";
import type * as tables from "../../schema/db/index.ts";
import type { Env } from "../env.ts";

export type Db = DrizzleD1Database<typeof tables>;

/** The signed-in user as the session middleware loads it. */
export type SessionUser = {
  id: number;
  role: "user" | "operator" | "system";
  tokenHash: string;
};

/** Merged query and body fields of a request; files only from multipart. */
export type Fields = Record<string, string | File>;

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
