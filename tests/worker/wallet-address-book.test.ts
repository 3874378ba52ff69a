import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { WalletAddressItem } from "../../schema/api/wallet-addresses.ts";
import { api, createUser } from "./helpers.ts";
import { currency, uploadFor } from "./kyc-support.ts";

const BTC_ADDR = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const ETH_ADDR = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const TRON_ADDR = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

type Page = { data: WalletAddressItem[]; page: number; pages: number; total: number };

const ids: Record<string, number> = {};
beforeAll(async () => {
  for (const name of ["BTC", "ETH", "USDT", "USDC", "TRX", "USDT ERC20", "DOGE"]) ids[name] = await currency(name);
  ids.OFF = await currency("OFFBTC", { enabled: false });
});

/** Saves as the SPA does, re-authenticated by the log-in password createUser gives every user. */
const save = (token: string, form: Record<string, string>) =>
  api("/user/wallet/save", { token, form: { login_password: "test-password-1", ...form } });
const list = (token: string, query = "") => api<Page>(`/user/wallet/list${query}`, { token });

describe("withdrawal address book", () => {
  it("accepts each chain's valid formats and refuses invalid ones, per currency", async () => {
    const user = await createUser();
    const cases: [string, string, boolean][] = [
      ["BTC", BTC_ADDR, true],
      ["BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", true],
      ["BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", true],
      ["BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", false],
      ["BTC", ETH_ADDR, false],
      ["ETH", ETH_ADDR, true],
      ["ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", false],
      ["ETH", TRON_ADDR, false],
      ["USDC", "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359", true],
      ["USDC", BTC_ADDR, false],
      ["USDT ERC20", "0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb", true],
      ["USDT ERC20", TRON_ADDR, false],
      ["TRX", TRON_ADDR, true],
      ["TRX", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", false],
      ["TRX", ETH_ADDR, false],
      ["USDT", TRON_ADDR, true],
      ["USDT", "0x52908400098527886E0F7030069857D2E4169EE7", true],
      ["USDT", BTC_ADDR, false],
    ];
    for (const [name, address, valid] of cases) {
      const res = await save(user.token, { currency: String(ids[name]), name: `${name} wallet`, address });
      const label = `${name} ${address}`;
      if (valid) {
        expect(res.status, label).toBe(200);
      } else {
        expect(res.status, label).toBe(400);
        expect(res.body, label).toMatchObject({ code: "WALLET_ADDRESS_INVALID", message: `This is not a valid ${name} address` });
      }
    }
    const all = await list(user.token, "?limit=100");
    expect(all.body.message.total).toBe(cases.filter((c) => c[2]).length);
    const usdt = all.body.message.data
      .filter((r) => r.currency === ids.USDT)
      .map((r) => r.chain)
      .sort();
    expect(usdt).toEqual(["ETH", "TRON"]);
    const zh = await save(user.token, { currency: String(ids.BTC), name: "x", address: "nope", lang: "zh" });
    expect(zh.body.message).toBe("这不是有效的BTC地址");
  });

  it("refuses unknown, disabled and unsupported currencies, bad names and missing addresses", async () => {
    const user = await createUser();
    const unknown = await save(user.token, { currency: "99999", name: "x", address: BTC_ADDR });
    expect(unknown).toMatchObject({ status: 400, body: { code: "WALLET_ADDRESS_CURRENCY_INVALID" } });
    expect((await save(user.token, { currency: String(ids.OFF), name: "x", address: BTC_ADDR })).body.code).toBe(
      "WALLET_ADDRESS_CURRENCY_INVALID",
    );
    const doge = await save(user.token, { currency: String(ids.DOGE), name: "x", address: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L" });
    expect(doge.body).toMatchObject({ code: "WALLET_ADDRESS_UNSUPPORTED", message: "Withdrawal addresses for DOGE are not supported" });
    for (const name of ["", "x".repeat(31)]) {
      expect((await save(user.token, { currency: String(ids.BTC), name, address: BTC_ADDR })).body.code).toBe("WALLET_ADDRESS_NAME_LENGTH");
    }
    expect((await save(user.token, { currency: String(ids.BTC), name: "ok", address: " " })).body.code).toBe("WALLET_ADDRESS_REQUIRED");
    expect((await save(user.token, { currency: String(ids.BTC), name: "ok", address: BTC_ADDR, user_id: "1" })).body.code).toBe(
      "UNKNOWN_FIELD",
    );
    expect((await list(user.token)).body.message.total).toBe(0);
  });

  it("stores Ethereum addresses in checksum form, so the same address twice is a duplicate", async () => {
    const user = await createUser();
    expect((await save(user.token, { currency: String(ids.ETH), name: "a", address: ETH_ADDR.toLowerCase() })).status).toBe(200);
    const dup = await save(user.token, { currency: String(ids.ETH), name: "b", address: ETH_ADDR });
    expect(dup).toMatchObject({ status: 409, body: { code: "WALLET_ADDRESS_DUPLICATE" } });
    expect((await list(user.token)).body.message.data[0]).toMatchObject({ address: ETH_ADDR, chain: "ETH", currency_name: "ETH" });
  });

  it("lists newest first with page, limit (default 10), pages and total", async () => {
    const user = await createUser();
    const addresses = [
      "0x0000000000000000000000000000000000000001",
      "0x0000000000000000000000000000000000000002",
      "0x0000000000000000000000000000000000000003",
    ];
    for (const [i, address] of addresses.entries()) {
      expect((await save(user.token, { currency: String(ids.ETH), name: `n${i}`, address })).status).toBe(200);
    }
    const all = await list(user.token);
    expect(all.status).toBe(200);
    expect(all.body.message).toMatchObject({ page: 1, pages: 1, total: 3 });
    expect(all.body.message.data.map((r) => r.name)).toEqual(["n2", "n1", "n0"]);
    const second = await list(user.token, "?page=2&limit=2");
    expect(second.body.message).toMatchObject({ page: 2, pages: 2, total: 3 });
    expect(second.body.message.data.map((r) => r.name)).toEqual(["n0"]);
    expect((await list(user.token, "?limit=0")).status).toBe(400);
    expect((await list(user.token, "?limit=101")).status).toBe(400);
    expect((await api("/user/wallet/list")).status).toBe(401);
  });

  it("edits and deletes only the caller's own addresses; another user's id is 404 and stays untouched", async () => {
    const [owner, intruder] = await Promise.all([createUser(), createUser()]);
    await save(owner.token, { currency: String(ids.BTC), name: "cold", address: BTC_ADDR });
    const id = String((await list(owner.token)).body.message.data[0]!.id);

    const edit = await save(intruder.token, {
      id,
      currency: String(ids.BTC),
      name: "mine now",
      address: "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    });
    expect(edit.status).toBe(404);
    expect(edit.body.code).toBe("NOT_FOUND");
    const del = await api("/user/wallet/del", { token: intruder.token, form: { id } });
    expect(del.status).toBe(404);
    expect((await list(intruder.token)).body.message.total).toBe(0);
    expect((await list(owner.token)).body.message.data[0]).toMatchObject({ name: "cold", address: BTC_ADDR });

    // The owner's edit keeps the row id; an edit is checked like a new address.
    expect(
      (await save(owner.token, { id, currency: String(ids.BTC), name: "cold 2", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }))
        .status,
    ).toBe(200);
    expect((await save(owner.token, { id, currency: String(ids.BTC), name: "bad", address: ETH_ADDR })).status).toBe(400);
    const after = (await list(owner.token)).body.message.data;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: Number(id), name: "cold 2", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" });

    expect((await api("/user/wallet/del", { token: owner.token, form: { id } })).status).toBe(200);
    expect((await list(owner.token)).body.message.total).toBe(0);
    expect((await api("/user/wallet/del", { token: owner.token, form: { id } })).status).toBe(404);
    expect((await save(owner.token, { id: "424242", currency: String(ids.BTC), name: "x", address: BTC_ADDR })).status).toBe(404);
  });

  it("accepts a QR code image only from the caller's own uploads", async () => {
    const [user, other] = await Promise.all([createUser(), createUser()]);
    const own = await uploadFor(user.id, { private: false });
    const foreign = await uploadFor(other.id, { private: false });
    const bad = await save(user.token, { currency: String(ids.TRX), name: "hot", address: TRON_ADDR, qrcode: foreign });
    expect(bad.body.code).toBe("WALLET_ADDRESS_QRCODE_INVALID");
    expect(
      (await save(user.token, { currency: String(ids.TRX), name: "hot", address: TRON_ADDR, qrcode: "https://evil.example/qr.png" }))
        .status,
    ).toBe(400);
    expect((await save(user.token, { currency: String(ids.TRX), name: "hot", address: TRON_ADDR, qrcode: own })).status).toBe(200);
    const [row] = (await list(user.token)).body.message.data;
    expect(row!.qrcode).toBe(own);
    // Editing without qrcode keeps it; an empty qrcode clears it.
    await save(user.token, { id: String(row!.id), currency: String(ids.TRX), name: "hot 2", address: TRON_ADDR });
    expect((await list(user.token)).body.message.data[0]!.qrcode).toBe(own);
    await save(user.token, { id: String(row!.id), currency: String(ids.TRX), name: "hot 2", address: TRON_ADDR, qrcode: "" });
    expect((await list(user.token)).body.message.data[0]!.qrcode).toBe("");
  });

  it("caps the address book at 50 per user", async () => {
    const user = await createUser();
    const stmt = env.DB.prepare(
      "INSERT INTO withdraw_addresses (user_id, currency_id, name, address, chain, created_at) VALUES (?, ?, 'n', ?, 'ETH', 0)",
    );
    await env.DB.batch(Array.from({ length: 50 }, (_, i) => stmt.bind(user.id, ids.ETH, `0x${String(i).padStart(40, "0")}`)));
    const res = await save(user.token, { currency: String(ids.BTC), name: "one more", address: BTC_ADDR });
    expect(res).toMatchObject({
      status: 409,
      body: { code: "WALLET_ADDRESS_LIMIT", message: "You can save at most 50 withdrawal addresses" },
    });
  });
});
