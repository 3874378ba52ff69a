import { Hono } from "hono";
import { noInput } from "../../schema/api/fields.ts";
import { editNicknameSchema, editSignatureSchema, uploadHeadPortraitSchema } from "../../schema/api/profile.ts";
import { setAvatar, setNickname, setSignature, userInfo } from "../domain/profile/profile.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok, okText } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** The caller's own profile. No route takes a user id: the session says whose row it is. */
export const profileRoutes = new Hono<AppEnv>()
  .get("/user/info", requireUser, async (c) => {
    // No parameters (a user_id is refused): the session says whose row it is.
    parse(c, noInput());
    return ok(c, await userInfo(c.var.db, c.var.user.id));
  })
  .post("/user/editNickname", requireUser, async (c) => {
    const { nickname } = parse(c, editNicknameSchema);
    await setNickname(c.var.db, c.var.user.id, nickname);
    return okText(c, "PROFILE_SAVED");
  })
  .post("/user/editSignature", requireUser, async (c) => {
    const { signature } = parse(c, editSignatureSchema);
    await setSignature(c.var.db, c.var.user.id, signature);
    return okText(c, "PROFILE_SAVED");
  })
  .post("/user/uploadHeadPortrait", requireUser, async (c) => {
    const { head_portrait } = parse(c, uploadHeadPortraitSchema);
    await setAvatar(c.var.db, c.var.user.id, head_portrait);
    return okText(c, "PROFILE_SAVED");
  });
