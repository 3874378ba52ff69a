import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { UserInfo } from "../../schema/api/profile.ts";
import { api, createUser } from "./helpers.ts";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

async function upload(token: string, extra: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.set("file", new File([PNG], "me.png", { type: "image/png" }));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const res = await api<string>("/upload", { token, body: form });
  expect(res.status).toBe(200);
  return res.body.message;
}

const info = async (token: string) => (await api<UserInfo>("/user/info", { token })).body.message;

describe("POST /user/editNickname", () => {
  it("saves a 2 to 10 character nickname, trimmed, counting emoji as characters", async () => {
    const user = await createUser();
    const res = await api("/user/editNickname", { token: user.token, form: { nickname: "  Moon Cat  " } });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    expect((await info(user.token)).nickname).toBe("Moon Cat");

    expect((await api("/user/editNickname", { token: user.token, form: { nickname: "🚀🚀" } })).status).toBe(200);
    expect((await info(user.token)).nickname).toBe("🚀🚀");
    expect((await api("/user/editNickname", { token: user.token, form: { nickname: "交易员小王" } })).status).toBe(200);
  });

  it("refuses a nickname shorter than 2 or longer than 10 characters with a translated NICKNAME_LENGTH", async () => {
    const user = await createUser();
    for (const nickname of ["a", " b ", "", "abcdefghijk"]) {
      const res = await api("/user/editNickname?lang=zh", { token: user.token, form: { nickname } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: "error", code: "NICKNAME_LENGTH", message: "昵称长度须为 2 到 10 个字符" });
    }
    expect((await info(user.token)).nickname).not.toBe("a");
  });

  it("refuses control and direction-override characters", async () => {
    const user = await createUser();
    for (const nickname of ["ab\u0000cd", "ab\ncd", "ab\u202Ecd"]) {
      const res = await api("/user/editNickname", { token: user.token, form: { nickname } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("TEXT_INVALID_CHARACTERS");
    }
  });

  it("changes only the caller's row; a user_id field is refused", async () => {
    const me = await createUser();
    const other = await createUser();
    const before = (await info(other.token)).nickname;
    const res = await api("/user/editNickname", { token: me.token, form: { nickname: "hijack", user_id: String(other.id) } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("UNKNOWN_FIELD");
    expect((await info(other.token)).nickname).toBe(before);
  });

  it("needs a session", async () => {
    expect((await api("/user/editNickname", { form: { nickname: "hello" } })).status).toBe(401);
  });
});

describe("POST /user/editSignature", () => {
  it("saves a 2 to 30 character signature", async () => {
    const user = await createUser();
    const signature = "Buy the dip, sell the rip. 123";
    expect([...signature].length).toBe(30);
    const res = await api("/user/editSignature", { token: user.token, form: { signature } });
    expect(res.status).toBe(200);
    expect((await info(user.token)).signature).toBe(signature);
  });

  it("refuses other lengths with SIGNATURE_LENGTH", async () => {
    const user = await createUser();
    for (const signature of ["x", "y".repeat(31)]) {
      const res = await api("/user/editSignature?lang=fra", { token: user.token, form: { signature } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "SIGNATURE_LENGTH", message: "La signature doit comporter entre 2 et 30 caractères" });
    }
  });
});

describe("POST /user/uploadHeadPortrait", () => {
  it("sets the avatar to a public image the user uploaded, given as relative or absolute URL", async () => {
    const user = await createUser();
    const url = await upload(user.token);
    const res = await api("/user/uploadHeadPortrait", { token: user.token, form: { head_portrait: url } });
    expect(res.status).toBe(200);
    expect((await info(user.token)).head_portrait).toBe(url);

    const second = await upload(user.token);
    const abs = await api("/user/uploadHeadPortrait", { token: user.token, form: { head_portrait: `https://app.example${second}` } });
    expect(abs.status).toBe(200);
    expect((await info(user.token)).head_portrait).toBe(second);
  });

  it("refuses another user's upload, a private upload, an unknown key and an outside URL", async () => {
    const me = await createUser();
    const other = await createUser();
    const theirs = await upload(other.token);
    const mine = await upload(me.token, { private: "1" });
    for (const head_portrait of [theirs, mine, "/api/files/u/1/doesnotexist.png", "https://evil.example/x.png", "javascript:alert(1)"]) {
      const res = await api("/user/uploadHeadPortrait", { token: me.token, form: { head_portrait } });
      expect(res.status, head_portrait).toBe(400);
      expect(res.body.code).toBe("AVATAR_NOT_UPLOADED");
    }
    expect((await info(me.token)).head_portrait).toBe("");
    const row = await env.DB.prepare("SELECT avatar FROM users WHERE id = ?").bind(me.id).first<{ avatar: string }>();
    expect(row?.avatar).toBe("");
  });
});
