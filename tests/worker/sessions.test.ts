import { describe, expect, it } from "vitest";
import { api, createUser } from "./helpers.ts";

describe("session middleware", () => {
  it("answers 401 with type 999 and a translated message without a token", async () => {
    const res = await api("/user/info?lang=zh");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ type: "999", code: "PLEASE_LOG_IN", message: "请先登录" });
  });

  it("accepts the raw token and the Bearer form", async () => {
    const user = await createUser();
    expect((await api("/user/info", { token: user.token })).status).toBe(200);
    expect((await api("/user/info", { token: `Bearer ${user.token}` })).status).toBe(200);
    expect((await api("/user/info", { token: `${user.token}x` })).status).toBe(401);
  });
});
