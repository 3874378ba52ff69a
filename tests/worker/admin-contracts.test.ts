import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminContractLog, AdminContracts, AdminContractPair } from "../../schema/api/admin-contracts.ts";
import type { LeverDeal } from "../../schema/api/contracts.ts";
import { chargeOvernight } from "../../worker/domain/contracts/overnight.ts";
import { api, createUser } from "./helpers.ts";
import { db } from "./market-helpers.ts";
import { leverTrader, pairForm, pin, runTriggers, seedContracts, submit, trailTick } from "./contract-helpers.ts";

let operator: { token: string };
beforeAll(async () => {
  await seedContracts();
  operator = await createUser({ role: "operator" });
});

const list = async () => (await api<AdminContracts>("/admin/contracts", { token: operator.token })).body.message;
const btc = async () => (await list()).pairs.find((p) => p.symbol === "BTC/USDT")!;
const save = (form: Record<string, string>) =>
  api<AdminContractPair>("/admin/contracts", { token: operator.token, form: { market_id: "1", ...form } });

describe("operator console: contract pairs", () => {
  it("shows each pair's terms, the users' net position the house holds the other side of, and the insurance account", async () => {
    await pin("95000");
    const start = await btc();
    const user = await leverTrader();
    await submit(user.token, { type: "1", share: "3" });
    await submit(user.token, { type: "2", share: "1" });
    const after = await btc();
    expect(after).toMatchObject({ symbol: "BTC/USDT", lot_size: "0.01", multiples: [5, 10, 25, 50, 100], reference: "95000" });
    expect(after.long_lots - start.long_lots).toBe(3);
    expect(after.short_lots - start.short_lots).toBe(1);
    expect(after.open_positions - start.open_positions).toBe(2);
    const insurance = (await list()).insurance.find((i) => i.coin === "USDT")!;
    expect(insurance.balance).toBe("100000");
  });

  it("is for operators only", async () => {
    const user = await createUser();
    expect((await api("/admin/contracts", { token: user.token })).status).toBe(403);
    expect((await api("/admin/contracts", { token: user.token, form: { market_id: "1", spread: "1" } })).status).toBe(403);
  });

  it("saves a configuration change with its audit row, and users see the new terms", async () => {
    const res = await save({ spread: "0.75", multiples: "2,10,20", limit_entry: "0" });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ spread: "0.75", multiples: [2, 10, 20], limit_entry: false });
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'contract.config' ORDER BY id DESC LIMIT 1").first<{
      detail: string;
    }>();
    expect(JSON.parse(audit!.detail)).toMatchObject({ spread: { from: "0.5", to: "0.75" }, limitEntry: { from: true, to: false } });
    const user = await leverTrader();
    const deal = (await api<LeverDeal>("/lever/deal", { token: user.token, form: pairForm })).body.message;
    expect(deal).toMatchObject({ spread: "0.75", limit_entry: false, multiple: { muit: [{ value: 2 }, { value: 10 }, { value: 20 }] } });
    await save({ spread: "0.5", multiples: "5,10,25,50,100", limit_entry: "1" });
  });

  it("refuses bad multiples, rates of 1 or more, a minimum above the maximum, unknown pairs and stray fields", async () => {
    expect((await save({ multiples: "10,5" })).body.code).toBe("CONTRACT_MULTIPLES_INVALID");
    expect((await save({ multiples: "0" })).body.code).toBe("CONTRACT_MULTIPLES_INVALID");
    expect((await save({ hazard_rate: "1" })).body.code).toBe("CONTRACT_CONFIG_INVALID");
    expect((await save({ min_lots: "600" })).body.code).toBe("CONTRACT_CONFIG_INVALID");
    expect((await save({ market_id: "99" })).status).toBe(404);
    expect((await save({ colour: "red" })).status).toBe(400);
    expect((await btc()).spread).toBe("0.5");
  });

  it("logs liquidations with what insurance paid, and overnight charges", async () => {
    await pin("95000");
    const user = await leverTrader(200_000_000);
    const id = (await submit(user.token, { type: "2", share: "1", multiple: "100" })).body.message.id;
    await trailTick("96500");
    await runTriggers();
    const liquidations = (await api<AdminContractLog>("/admin/contracts/log?kind=liquidation", { token: operator.token })).body.message;
    expect(liquidations.data[0]).toMatchObject({
      position: id,
      user_id: user.id,
      symbol: "BTC/USDT",
      detail: "96500",
      insurance: "5.50505",
    });
    const held = (await submit(user.token, { share: "1" })).body.message.id;
    await env.DB.prepare("UPDATE contract_positions SET open_ref_at = open_ref_at - 172800000 WHERE id = ?").bind(held).run();
    await chargeOvernight(db(), Date.now());
    const overnight = (await api<AdminContractLog>("/admin/contracts/log?kind=overnight", { token: operator.token })).body.message;
    expect(overnight.data[0]).toMatchObject({ position: held, user_id: user.id, symbol: "BTC/USDT", amount: "0.285002" });
  });
});
