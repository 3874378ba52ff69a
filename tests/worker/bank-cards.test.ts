import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createUser } from "./helpers.ts";

const CARD = {
  real_name: "Jane Doe",
  bank_account: "1234 5678 9012 3456",
  bank_name: "Chase Bank",
  bank_dizhi: "270 Park Avenue, New York",
  bank_network: "Midtown branch",
  swift_code: "chasus33",
  phone: "+1 212-555-0100",
  alipay_account: "021000021",
  wechat_account: "1 Main Street, Springfield",
  wechat_nickname: "DEUTDEFFXXX",
};

type CardView = typeof CARD & { created_at: number };

describe("bank cards (/user/cash_save, /user/cash_info)", () => {
  it("binds a card once; the owner reads it back with the account number masked but its last four", async () => {
    const user = await createUser();
    expect((await api("/user/cash_info", { token: user.token, form: {} })).body).toEqual({ type: "ok", message: null });

    const saved = await api("/user/cash_save", { token: user.token, form: CARD });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ type: "ok", message: "Bank card saved" });

    const info = await api<CardView>("/user/cash_info", { token: user.token, form: {} });
    expect(info.status).toBe(200);
    const { created_at, ...card } = info.body.message;
    expect(created_at).toBeGreaterThan(0);
    expect(card).toEqual({
      ...CARD,
      bank_account: "************3456",
      swift_code: "CHASUS33",
      phone: "+12125550100",
    });
    // Stored in full, for the operator who pays out.
    expect(await env.DB.prepare("SELECT bank_account FROM bank_cards WHERE user_id = ?").bind(user.id).first("bank_account")).toBe(
      "1234567890123456",
    );
  });

  it("a second save is 409 BANK_CARD_ALREADY_BOUND, translated, and changes nothing", async () => {
    const user = await createUser();
    expect((await api("/user/cash_save", { token: user.token, form: CARD })).status).toBe(200);

    const en = await api("/user/cash_save", { token: user.token, form: { ...CARD, bank_account: "99998888777" } });
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      type: "error",
      code: "BANK_CARD_ALREADY_BOUND",
      message: "An already bound bank card cannot be added again, please contact customer service",
    });
    const zh = await api("/user/cash_save", { token: user.token, form: { ...CARD, lang: "zh" } });
    expect(zh.status).toBe(409);
    expect(zh.body.message).toBe("已绑定的银行卡不能再次添加，请联系客服");
    const kor = await api("/user/cash_save", { token: user.token, form: { ...CARD, lang: "kor" } });
    expect(kor.body.message).toBe("이미 등록된 은행 카드는 다시 추가할 수 없습니다. 고객센터에 문의해 주세요");

    const rows = await env.DB.prepare("SELECT bank_account FROM bank_cards WHERE user_id = ?").bind(user.id).all();
    expect(rows.results).toEqual([{ bank_account: "1234567890123456" }]);
  });

  it("concurrent saves bind exactly one card", async () => {
    const user = await createUser();
    const results = await Promise.all(
      [1, 2, 3].map((n) => api("/user/cash_save", { token: user.token, form: { ...CARD, bank_account: `5555000${n}` } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bank_cards WHERE user_id = ?").bind(user.id).first("n")).toBe(1);
  });

  it("every field is required, and the error names the missing field in the request's language", async () => {
    const user = await createUser();
    const expected: Record<string, [string, string]> = {
      real_name: ["Please fill in: Cardholder name", "请填写持卡人姓名"],
      bank_account: ["Please fill in: Bank account number", "请填写银行账号"],
      bank_name: ["Please fill in: Bank name", "请填写银行名称"],
      bank_dizhi: ["Please fill in: Bank address", "请填写银行地址"],
      bank_network: ["Please fill in: Bank branch", "请填写开户网点"],
      swift_code: ["Please fill in: SWIFT/BIC code", "请填写SWIFT/BIC代码"],
      phone: ["Please fill in: Phone number", "请填写手机号码"],
      alipay_account: ["Please fill in: ABA routing number", "请填写ABA路由号码"],
      wechat_account: ["Please fill in: Cardholder address", "请填写持卡人地址"],
      wechat_nickname: ["Please fill in: Intermediary bank SWIFT code", "请填写中转行SWIFT代码"],
    };
    for (const [field, [en, zh]] of Object.entries(expected)) {
      const missing: Record<string, string> = { ...CARD };
      delete missing[field];
      const res = await api("/user/cash_save", { token: user.token, form: missing });
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ code: "BANK_FIELD_REQUIRED", message: en });
      const blank = await api("/user/cash_save", { token: user.token, form: { ...CARD, [field]: "   ", lang: "zh" } });
      expect(blank.body.message, field).toBe(zh);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bank_cards WHERE user_id = ?").bind(user.id).first("n")).toBe(0);
  });

  it("checks formats: ABA checksum, SWIFT, account number, phone; and refuses unknown fields", async () => {
    const user = await createUser();
    const bad: [string, string, string][] = [
      ["alipay_account", "021000022", "Please enter a valid value for: ABA routing number"],
      ["alipay_account", "12345", "Please enter a valid value for: ABA routing number"],
      ["swift_code", "CHASE", "Please enter a valid value for: SWIFT/BIC code"],
      ["wechat_nickname", "1234US33", "Please enter a valid value for: Intermediary bank SWIFT code"],
      ["bank_account", "12#45678", "Please enter a valid value for: Bank account number"],
      ["phone", "call me", "Please enter a valid value for: Phone number"],
      ["real_name", "J", "Please enter a valid value for: Cardholder name"],
    ];
    for (const [field, value, message] of bad) {
      const res = await api("/user/cash_save", { token: user.token, form: { ...CARD, [field]: value } });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body, `${field}=${value}`).toMatchObject({ code: "BANK_FIELD_INVALID", message });
    }
    const fr = await api("/user/cash_save", { token: user.token, form: { ...CARD, alipay_account: "1", lang: "fra" } });
    expect(fr.body.message).toBe("Veuillez saisir une valeur valide pour : Numéro de routage ABA");
    const extra = await api("/user/cash_save", { token: user.token, form: { ...CARD, user_id: "1" } });
    expect(extra.body.code).toBe("UNKNOWN_FIELD");
  });

  it("needs a session", async () => {
    expect((await api("/user/cash_save", { form: CARD })).status).toBe(401);
    expect((await api("/user/cash_info", { form: {} })).status).toBe(401);
    expect((await api("/user/cash_info_international", { form: {} })).status).toBe(401);
  });
});

describe("international bank cards (/user/cash_save_international, /user/cash_info_international)", () => {
  it("answers the form with labels in the request's language and the card or null", async () => {
    const user = await createUser();
    const empty = await api<{ forms: { key: string; label: string }[]; data: unknown }>("/user/cash_info_international", {
      token: user.token,
      form: { lang: "jp" },
    });
    expect(empty.status).toBe(200);
    expect(empty.body.message.data).toBeNull();
    expect(empty.body.message.forms.map((f) => f.key)).toEqual(Object.keys(CARD));
    expect(empty.body.message.forms.find((f) => f.key === "alipay_account")?.label).toBe("ABAルーティング番号");
    const th = await api<{ forms: { key: string; label: string }[] }>("/user/cash_info_international", {
      token: user.token,
      form: { lang: "th" },
    });
    expect(th.body.message.forms.find((f) => f.key === "wechat_account")?.label).toBe("ที่อยู่ผู้ถือบัตร");

    // The original client's data[<field>] shape is accepted too.
    const form = Object.fromEntries(Object.entries(CARD).map(([k, v]) => [`data[${k}]`, v]));
    const saved = await api("/user/cash_save_international", { token: user.token, form });
    expect(saved.status).toBe(200);
    const info = await api<{ data: CardView }>("/user/cash_info_international", { token: user.token, form: {} });
    expect(info.body.message.data).toMatchObject({ real_name: "Jane Doe", bank_account: "************3456", alipay_account: "021000021" });

    const again = await api("/user/cash_save_international", { token: user.token, form: { ...CARD, lang: "vn" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Không thể thêm lại thẻ ngân hàng đã liên kết, vui lòng liên hệ bộ phận chăm sóc khách hàng");
    const missing = await api("/user/cash_save_international", { token: user.token, form: { ...CARD, bank_name: "", lang: "spa" } });
    expect(missing.body).toMatchObject({ code: "BANK_FIELD_REQUIRED", message: "Rellene el campo: Nombre del banco" });
  });

  it("the domestic and the international card are bound independently, and users never see each other's", async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    expect((await api("/user/cash_save", { token: a.token, form: CARD })).status).toBe(200);
    expect((await api("/user/cash_save_international", { token: a.token, form: CARD })).status).toBe(200);
    expect((await api("/user/cash_info", { token: b.token, form: {} })).body.message).toBeNull();
    expect((await api<{ data: unknown }>("/user/cash_info_international", { token: b.token, form: {} })).body.message.data).toBeNull();
  });
});
