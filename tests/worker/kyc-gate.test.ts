import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { verificationLevel } from "../../worker/domain/kyc/level.ts";
import { requireUser } from "../../worker/http/auth.ts";
import type { AppEnv } from "../../worker/http/context.ts";
import { onError } from "../../worker/http/errors.ts";
import { readFields } from "../../worker/http/fields.ts";
import { requestContext } from "../../worker/http/middleware.ts";
import { ok } from "../../worker/http/respond.ts";
import { requireVerification } from "../../worker/http/verification.ts";
import { api } from "./helpers.ts";
import { boundUser, latestSubmissionId, lv1PassedUser, testDb, uploadFor } from "./kyc-support.ts";

/** A feature gated the way other route groups gate theirs. */
const gated = new Hono<AppEnv>();
gated.use("*", requestContext, readFields);
gated.get("/lv1", requireUser, requireVerification(1), (c) => ok(c, "lv1 feature"));
gated.get("/lv2", requireUser, requireVerification(2), (c) => ok(c, "lv2 feature"));
gated.onError(onError);

const call = async (path: string, token: string, lang = "en") => {
  const res = await gated.request(`${path}?lang=${lang}`, { headers: { authorization: token } }, env);
  return { status: res.status, body: (await res.json()) as { type: string; code?: string; message: string } };
};

describe("requireVerification and verificationLevel", () => {
  it("answers 403 with type 998 below the level, in the request's language", async () => {
    const user = await boundUser();
    const res = await call("/lv1", user.token, "zh");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ type: "998", code: "VERIFY_IDENTITY_FIRST" });
    expect(res.body.message).not.toBe("");
    expect(await verificationLevel(testDb(), user.id)).toBe(0);
  });

  it("a submission under review does not count; a passed level does", async () => {
    const { user, operator } = await lv1PassedUser();
    expect(await verificationLevel(testDb(), user.id)).toBe(1);
    expect(await call("/lv1", user.token)).toEqual({ status: 200, body: { type: "ok", message: "lv1 feature" } });
    expect((await call("/lv2", user.token)).body.type).toBe("998");

    await api("/user/real", {
      token: user.token,
      form: { real_type: "2", front_pic: await uploadFor(user.id), reverse_pic: await uploadFor(user.id) },
    });
    expect((await call("/lv2", user.token)).status).toBe(403);
    await api("/admin/kyc/approve", { token: operator.token, form: { id: String(await latestSubmissionId(user.id)) } });
    expect(await verificationLevel(testDb(), user.id)).toBe(2);
    expect((await call("/lv2", user.token)).status).toBe(200);
  });

  it("still needs a session first (999, not 998)", async () => {
    const res = await call("/lv1", "not-a-token");
    expect(res.status).toBe(401);
    expect(res.body.type).toBe("999");
  });
});
