import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createUser } from "./helpers.ts";
import { boundUser, latestSubmissionId, lv1PassedUser, newCardId, operatorUser, submitLv1, uploadFor } from "./kyc-support.ts";

describe("POST /user/real rules", () => {
  it("needs a session", async () => {
    const res = await api("/user/real", { form: { real_type: "1", id_type: "0", name: "Zhang Wei", card_id: newCardId() } });
    expect(res.status).toBe(401);
    expect(res.body.type).toBe("999");
  });

  it("refuses until both email and phone are bound", async () => {
    const noPhone = await createUser();
    const res = await submitLv1(noPhone.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      type: "error",
      code: "BIND_EMAIL_AND_PHONE_FIRST",
      message: "Please bind your email and phone number first",
    });

    const noEmail = await boundUser();
    await env.DB.prepare("UPDATE users SET email = NULL WHERE id = ?").bind(noEmail.id).run();
    const res2 = await api("/user/real", {
      token: noEmail.token,
      form: { real_type: "1", id_type: "0", name: "Zhang Wei", card_id: newCardId(), lang: "jp" },
    });
    expect(res2.status).toBe(400);
    expect(res2.body).toMatchObject({ code: "BIND_EMAIL_AND_PHONE_FIRST", message: "先にメールアドレスと電話番号を登録してください" });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM identity_verifications WHERE user_id IN (?, ?)")
        .bind(noPhone.id, noEmail.id)
        .first("n"),
    ).toBe(0);
  });

  it("checks the ID number's format per ID type", async () => {
    const user = await boundUser();
    const attempt = (id_type: string, card_id: string) =>
      api("/user/real", { token: user.token, form: { real_type: "1", id_type, name: "Zhang Wei", card_id } });
    for (const [type, bad] of [
      ["0", "12345"], // identity card: at least 6
      ["0", "ABCDEFGH"], // no digit
      ["1", "P1234567890123"], // passport: at most 12
      ["2", "12$456"], // symbols
    ] as const) {
      const res = await attempt(type, bad);
      expect(res.status, `${type}:${bad}`).toBe(400);
      expect(res.body.code).toBe("INVALID_ID_NUMBER");
    }
    const wrongType = await attempt("3", newCardId());
    expect(wrongType.body.code).toBe("KYC_ID_TYPE_INVALID");
    const passport = await attempt("1", "P1234567");
    expect(passport.status).toBe(200);
  });

  it("checks the name (2-60 letters) and the real_type", async () => {
    const user = await boundUser();
    for (const name of ["A", "x".repeat(61), "Robert'); DROP", "<script>"]) {
      const res = await api("/user/real", { token: user.token, form: { real_type: "1", id_type: "0", name, card_id: newCardId() } });
      expect(res.status, name).toBe(400);
      expect(res.body.code).toBe("KYC_NAME_INVALID");
    }
    const badType = await api("/user/real", { token: user.token, form: { real_type: "3" } });
    expect(badType.body.code).toBe("KYC_REAL_TYPE_INVALID");
    const extra = await api("/user/real", {
      token: user.token,
      form: { real_type: "1", id_type: "0", name: "Zhang Wei", card_id: newCardId(), status: "hasaudit" },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe("UNKNOWN_FIELD");
  });

  it("refuses an ID number another user has passed or is waiting with, and frees it when that one fails", async () => {
    const [first, second, operator] = await Promise.all([boundUser(), boundUser(), operatorUser()]);
    const cardId = newCardId();
    expect((await submitLv1(first.token, cardId)).status).toBe(200);
    const dup = await submitLv1(second.token, cardId.toLowerCase());
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: "ID_NUMBER_IN_USE", message: "This ID number is already used by another account" });
    const dupZh = await api("/user/real", {
      token: second.token,
      form: { real_type: "1", id_type: "0", name: "王伟", card_id: cardId, lang: "hk" },
    });
    expect(dupZh.body.message).toBe("該證件號碼已被其他帳戶使用");

    // Rejected: the number is no longer claimed.
    await api("/admin/kyc/reject", { token: operator.token, form: { id: String(await latestSubmissionId(first.id)), reason: "Mismatch" } });
    expect((await submitLv1(second.token, cardId)).status).toBe(200);
    // ...and now the first user cannot take it back while the second one's is pending.
    expect((await submitLv1(first.token, cardId)).body.code).toBe("ID_NUMBER_IN_USE");
  });

  it("lets only one of two concurrent submissions through", async () => {
    const user = await boundUser();
    const results = await Promise.all([submitLv1(user.token), submitLv1(user.token), submitLv1(user.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM identity_verifications WHERE user_id = ?").bind(user.id).first("n")).toBe(1);
  });

  it("lets only one of two users claim the same ID number at once", async () => {
    const [a, b] = await Promise.all([boundUser(), boundUser()]);
    const cardId = newCardId();
    const results = await Promise.all([submitLv1(a.token, cardId), submitLv1(b.token, cardId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe("ID_NUMBER_IN_USE");
  });

  it("Lv2 needs Lv1 passed first", async () => {
    const user = await boundUser();
    const res = await api("/user/real", {
      token: user.token,
      form: { real_type: "2", front_pic: await uploadFor(user.id), reverse_pic: await uploadFor(user.id) },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("KYC_LV1_REQUIRED");
  });

  it("Lv2 accepts only private uploads the caller owns", async () => {
    const { user } = await lv1PassedUser();
    const other = await boundUser();
    const own = await uploadFor(user.id);
    const cases: Record<string, string> = {
      "someone else's private photo": await uploadFor(other.id),
      "own public upload": await uploadFor(user.id, { private: false }),
      "a file that does not exist": `/api/files/u/${user.id}/missing.jpg`,
      "an outside address": "https://evil.example/photo.jpg",
      "path traversal": `/api/files/u/${user.id}/../${other.id}/x.jpg`,
    };
    for (const [what, url] of Object.entries(cases)) {
      const res = await api("/user/real", { token: user.token, form: { real_type: "2", front_pic: own, reverse_pic: url } });
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe("KYC_PHOTO_INVALID");
    }
    const same = await api("/user/real", { token: user.token, form: { real_type: "2", front_pic: own, reverse_pic: own } });
    expect(same.body.code).toBe("KYC_PHOTOS_SAME");
    const missing = await api("/user/real", { token: user.token, form: { real_type: "2", front_pic: own } });
    expect(missing.body.code).toBe("KYC_PHOTO_REQUIRED");
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM identity_verifications WHERE user_id = ? AND level = 2").bind(user.id).first("n"),
    ).toBe(0);
  });
});
