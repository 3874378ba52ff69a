import { createHash, createHmac } from "node:crypto";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BoxSeriesView, BoxVerifyView, BoxView } from "../../schema/api/nft-box.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, fund, seedMoney } from "./money-helpers.ts";

const USDT_UNIT = 1_000_000;
let operator: Awaited<ReturnType<typeof createUser>>;
let artistId: number;

beforeAll(async () => {
  await seedMoney();
  operator = await createUser({ role: "operator" });
  const artist = await db()
    .insert(tables.nftArtists)
    .values({ uid: "box-artist", names: JSON.stringify({ en: "Box Artist", spa: "Artista" }), createdAt: Date.now() })
    .returning()
    .get();
  artistId = artist.id;
});

type Spec = { name: string; rarity: number; count: number; media_key?: string };
const DEFAULT_ITEMS: Spec[] = [
  { name: "Common cat", rarity: 1, count: 3 },
  { name: "Rare cat", rarity: 2, count: 2 },
  { name: "Legendary cat", rarity: 4, count: 1 },
];

async function series(opts: { items?: Spec[]; start?: number; price?: string } = {}): Promise<BoxSeriesView> {
  const now = Date.now();
  const res = await api<BoxSeriesView>("/admin/nft_box/series", {
    token: operator.token,
    form: {
      name: "Cats",
      artist_id: String(artistId),
      currency: "USDT",
      price: opts.price ?? "10",
      start_time: String(opts.start ?? now - 60_000),
      end_time: String(now + 3_600_000),
      items: JSON.stringify(opts.items ?? DEFAULT_ITEMS),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

async function buyer(usdt = 1_000) {
  const u = await createUser();
  await fund(u.id, USDT, usdt * USDT_UNIT);
  return u;
}

const buy = (token: string, id: number, headers: Record<string, string> = {}) =>
  api<{ code: string; message: string }>("/bind_box/buyBlindBox", { token, form: { id: String(id) }, headers });
const open = (token: string, code: string) => api<BoxView>("/bind_box/openBlindBox", { token, form: { code } });
const verifyData = async (id: number) => (await api<BoxVerifyView>(`/bind_box/boxSeriesVerify?id=${id}`)).body.message;
const seriesRow = (id: number) => db().select().from(tables.nftBoxSeries).where(eq(tables.nftBoxSeries.id, id)).get();

/** The README's draw, written again with node's crypto: positions of boxes 1..total. */
function nodeSchedule(seedHex: string, seriesId: number, total: number): number[] {
  const remaining = Array.from({ length: total }, (_, i) => i + 1);
  const out: number[] = [];
  for (let s = 1; s <= total; s++) {
    const mac = createHmac("sha256", Buffer.from(seedHex, "hex")).update(`BX${seriesId}-${s}`).digest("hex");
    const index = Number(BigInt(`0x${mac}`) % BigInt(remaining.length));
    out.push(remaining.splice(index, 1)[0]!);
  }
  return out;
}

describe("NFT blind boxes", () => {
  it("a series is created by an operator (audited) with its odds and sha256(seed) as the commitment, the seed kept secret", async () => {
    const s = await series();
    expect(s).toMatchObject({ name: "Cats", artist_name: "Box Artist", currency_name: "USDT", price: "10", total: 6, sold: 0, status: 1 });
    expect(s.revealed).toBe(false);
    expect(s.odds).toEqual([
      { rarity: 1, count: 3 },
      { rarity: 2, count: 2 },
      { rarity: 4, count: 1 },
    ]);
    const row = await seriesRow(s.id);
    expect(row!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(s.commitment).toBe(createHash("sha256").update(Buffer.from(row!.seed, "hex")).digest("hex"));
    const v = await verifyData(s.id);
    expect(v.seed).toBeNull();
    expect(JSON.stringify(v)).not.toContain(row!.seed);
    expect(v.items.map((i) => [i.position, i.rarity])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
      [6, 4],
    ]);
    const items = await db()
      .select()
      .from(tables.nftItems)
      .where(sql`${tables.nftItems.code} LIKE ${`BXI${s.id}-%`}`)
      .all();
    expect(items.map((i) => [i.payType, i.ownerId, i.listed])).toEqual(Array(6).fill([3, null, false]));
    expect(items.map((i) => i.code)).toEqual([1, 2, 3, 4, 5, 6].map((p) => `BXI${s.id}-${p}`));
    const audits = await db()
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.subjectType, "nft_box_series"), eq(tables.auditLog.subjectId, String(s.id))))
      .all();
    expect(audits.map((a) => a.action)).toEqual(["nft_box_series_create"]);
    expect(JSON.parse(audits[0]!.detail)).toMatchObject({ commitment: s.commitment, total: 6 });
    const user = await createUser();
    const refused = await api("/admin/nft_box/series", { token: user.token, form: { name: "x" } });
    expect(refused.status).toBe(403);
  });

  it("every draw reproduces from the revealed seed; the NFT sales account gets the price less the fee; the ledger balances", async () => {
    const s = await series();
    const [alice, bob] = [await buyer(), await buyer()];
    const salesBefore = (await balance(SYSTEM_ACCOUNTS.nftSales, USDT)).available;
    const feesBefore = (await balance(SYSTEM_ACCOUNTS.fees, USDT)).available;
    const codes: { token: string; code: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const who = i % 2 === 0 ? alice : bob;
      const res = await buy(who.token, s.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message.code).toBe(`BX${s.id}-${i + 1}`);
      codes.push({ token: who.token, code: res.body.message.code });
    }
    expect((await balance(alice.id, USDT)).available).toBe(970 * USDT_UNIT);
    expect((await balance(bob.id, USDT)).available).toBe(970 * USDT_UNIT);
    // Each 10 USDT: the public platform fee 2.5 % (0.25) to the fees account, 9.75 to the NFT sales account.
    expect((await balance(SYSTEM_ACCOUNTS.nftSales, USDT)).available - salesBefore).toBe(58_500_000);
    expect((await balance(SYSTEM_ACCOUNTS.fees, USDT)).available - feesBefore).toBe(1_500_000);
    expect((await verifyData(s.id)).seed).toBeNull();
    // Opened in an order other than the purchase order: the draw depends on the sequence number only.
    for (const i of [5, 0, 3, 1, 4]) expect((await open(codes[i]!.token, codes[i]!.code)).status).toBe(200);
    expect((await verifyData(s.id)).seed).toBeNull();
    const last = await open(codes[2]!.token, codes[2]!.code);
    expect(last.status).toBe(200);
    const v = await verifyData(s.id);
    expect(v.series.revealed).toBe(true);
    const row = await seriesRow(s.id);
    expect(v.seed).toBe(row!.seed);
    expect(createHash("sha256").update(Buffer.from(v.seed!, "hex")).digest("hex")).toBe(v.series.commitment);
    const expected = nodeSchedule(v.seed!, s.id, 6);
    expect(v.boxes.map((b) => b.position)).toEqual(expected);
    expect([...expected].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(last.body.message.item!.position).toBe(expected[2]);
    const mine = await api<{ list: BoxView[] }>("/bind_box/myBlindBoxes", { token: alice.token, method: "POST" });
    expect(mine.body.message.list.map((b) => [b.seq, b.item!.position])).toEqual([
      [5, expected[4]],
      [3, expected[2]],
      [1, expected[0]],
    ]);
    const items = await db()
      .select()
      .from(tables.nftItems)
      .where(sql`${tables.nftItems.code} LIKE ${`BXI${s.id}-%`}`)
      .all();
    const transfers = await db()
      .select()
      .from(tables.nftTransfers)
      .where(sql`${tables.nftTransfers.refKey} LIKE 'nftbox:open:%' AND ${tables.nftTransfers.toUserId} IN (${alice.id}, ${bob.id})`)
      .all();
    expect(transfers).toHaveLength(6);
    expect(transfers.every((t) => t.via === "blind_box" && t.price === 10 * USDT_UNIT)).toBe(true);
    expect(items.filter((i) => i.ownerId === alice.id)).toHaveLength(3);
    expect(items.filter((i) => i.ownerId === bob.id)).toHaveLength(3);
    await expectInvariant();
  });

  it("concurrent buys of the last box: exactly one succeeds, the others get 409 and pay nothing", async () => {
    const s = await series({ items: [{ name: "Only", rarity: 3, count: 1 }] });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyer(100)));
    const results = await Promise.all(buyers.map((b) => buy(b.token, s.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => (r.body as { code?: string }).code === "NFT_BOX_SOLD_OUT")).toBe(true);
    const balances = await Promise.all(buyers.map(async (b) => (await balance(b.id, USDT)).available));
    expect(balances.sort()).toEqual([...Array(7).fill(100 * USDT_UNIT), 90 * USDT_UNIT].sort());
    expect((await seriesRow(s.id))!.sold).toBe(1);
    const boxes = await db().select().from(tables.nftBoxes).where(eq(tables.nftBoxes.seriesId, s.id)).all();
    expect(boxes.map((b) => b.seq)).toEqual([1]);
    await expectInvariant();
  });

  it("14 concurrent buyers of 10 boxes: 10 get boxes numbered 1..10, 4 get 409 and pay nothing", async () => {
    const s = await series({ items: [{ name: "Ten", rarity: 1, count: 10 }] });
    const buyers = await Promise.all(Array.from({ length: 14 }, () => buyer(100)));
    const results = await Promise.all(buyers.map((b) => buy(b.token, s.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const codes = results.filter((r) => r.status === 200).map((r) => r.body.message.code);
    expect(codes.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `BX${s.id}-${i + 1}`).sort());
    const paid = await Promise.all(buyers.map(async (b, i) => [results[i]!.status, (await balance(b.id, USDT)).available]));
    expect(paid.every(([status, available]) => available === (status === 200 ? 90 : 100) * USDT_UNIT)).toBe(true);
    expect((await seriesRow(s.id))!.sold).toBe(10);
    await expectInvariant();
  });

  it("a box opened twice (concurrently and later) draws once", async () => {
    const s = await series();
    const u = await buyer();
    const { code } = (await buy(u.token, s.id)).body.message;
    const results = await Promise.all([open(u.token, code), open(u.token, code), open(u.token, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const again = await open(u.token, code);
    expect(again.status).toBe(409);
    expect((again.body as { code?: string }).code).toBe("NFT_BOX_ALREADY_OPENED");
    expect((await seriesRow(s.id))!.opened).toBe(1);
    const owned = await db().select().from(tables.nftItems).where(eq(tables.nftItems.ownerId, u.id)).all();
    expect(owned).toHaveLength(1);
    const transfers = await db().select().from(tables.nftTransfers).where(eq(tables.nftTransfers.toUserId, u.id)).all();
    expect(transfers).toHaveLength(1);
  });

  it("a series whose sale has ended reveals its seed, refuses buyers and still lets holders open", async () => {
    const s = await series();
    const u = await buyer();
    const { code } = (await buy(u.token, s.id)).body.message;
    await db()
      .update(tables.nftBoxSeries)
      .set({ endAt: Date.now() - 1 })
      .where(eq(tables.nftBoxSeries.id, s.id));
    const refused = await buy(u.token, s.id);
    expect(refused.status).toBe(409);
    expect((refused.body as { code?: string }).code).toBe("NFT_BOX_ENDED");
    const v = await verifyData(s.id);
    expect(v.series.status).toBe(0);
    expect(v.seed).toBe((await seriesRow(s.id))!.seed);
    const opened = await open(u.token, code);
    expect(opened.status).toBe(200);
    expect(opened.body.message.item!.position).toBe(nodeSchedule(v.seed!, s.id, 6)[0]);
  });

  it("bad input, unknown series, other users' boxes, a sale not started and a short balance are refused, nothing written", async () => {
    const s = await series();
    const owner = await buyer();
    const other = await buyer();
    const { code } = (await buy(owner.token, s.id)).body.message;
    const steal = await open(other.token, code);
    expect(steal.status).toBe(404);
    expect((steal.body as { code?: string }).code).toBe("NFT_BOX_NOT_FOUND");
    expect((await open(other.token, "BX999999-1")).status).toBe(404);
    expect((await open(other.token, "'; DROP TABLE nft_boxes")).status).toBe(400);
    expect((await buy(other.token, 99_999_999)).status).toBe(404);
    expect((await api(`/bind_box/boxSeriesDetail?id=abc`)).status).toBe(400);
    expect((await api(`/bind_box/boxSeriesVerify?id=99999999`)).status).toBe(404);
    expect((await api("/bind_box/buyBlindBox", { token: other.token, form: { id: String(s.id), extra: "1" } })).status).toBe(400);
    expect((await api("/bind_box/buyBlindBox", { form: { id: String(s.id) } })).status).toBe(401);

    const later = await series({ start: Date.now() + 3_600_000 - 1000 });
    const early = await buy(other.token, later.id);
    expect(early.status).toBe(409);
    expect((early.body as { code?: string }).code).toBe("NFT_BOX_NOT_STARTED");

    const poor = await buyer(5);
    const short = await buy(poor.token, s.id);
    expect(short.status).toBe(409);
    expect((short.body as { code?: string }).code).toBe("INSUFFICIENT_BALANCE");
    expect((await balance(poor.id, USDT)).available).toBe(5 * USDT_UNIT);
    expect((await seriesRow(s.id))!.sold).toBe(1);

    const bad = await api("/admin/nft_box/series", {
      token: operator.token,
      form: {
        name: "Bad",
        artist_id: String(artistId),
        currency: "USDT",
        price: "1",
        start_time: String(Date.now()),
        end_time: String(Date.now() + 60_000),
        items: JSON.stringify([{ name: "x", rarity: 5, count: 1 }]),
      },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { code?: string }).code).toBe("NFT_BOX_ITEMS_INVALID");
    await expectInvariant();
  });

  it("items may name uploaded media (typed from the stored content type); an unknown media key is refused, nothing written", async () => {
    await db()
      .insert(tables.nftMedia)
      .values([
        { key: "nft/box-test.gif", contentType: "image/gif", size: 10, uploadedBy: operator.id, createdAt: Date.now() },
        { key: "nft/box-test.mp4", contentType: "video/mp4", size: 10, uploadedBy: operator.id, createdAt: Date.now() },
      ]);
    const s = await series({
      items: [
        { name: "Gif", rarity: 1, count: 1, media_key: "nft/box-test.gif" },
        { name: "Clip", rarity: 2, count: 1, media_key: "nft/box-test.mp4" },
        { name: "Plain", rarity: 3, count: 1 },
      ],
    });
    const items = await db()
      .select()
      .from(tables.nftItems)
      .where(sql`${tables.nftItems.code} LIKE ${`BXI${s.id}-%`}`)
      .all();
    expect(items.map((i) => [i.code, i.mediaType, i.mediaKey])).toEqual([
      [`BXI${s.id}-1`, 2, "nft/box-test.gif"],
      [`BXI${s.id}-2`, 4, "nft/box-test.mp4"],
      [`BXI${s.id}-3`, 1, ""],
    ]);
    expect((await verifyData(s.id)).items.map((i) => i.image)).toEqual(["/api/bind_box/media/nft/box-test.gif", "", ""]);
    const seriesBefore = (await db().select().from(tables.nftBoxSeries).all()).length;
    const res = await api("/admin/nft_box/series", {
      token: operator.token,
      form: {
        name: "Missing media",
        artist_id: String(artistId),
        currency: "USDT",
        price: "1",
        start_time: String(Date.now()),
        end_time: String(Date.now() + 60_000),
        items: JSON.stringify([{ name: "x", rarity: 1, count: 1, media_key: "nft/nope.png" }]),
      },
    });
    expect(res.status).toBe(404);
    expect((res.body as { code?: string }).code).toBe("NFT_BOX_MEDIA_NOT_FOUND");
    expect((await db().select().from(tables.nftBoxSeries).all()).length).toBe(seriesBefore);
  });

  it("an undrawn item's name, rarity, price and listing are fixed once committed; drawing it still sets its owner", async () => {
    const s = await series();
    const code = `BXI${s.id}-1`;
    const change = async (set: string) => {
      try {
        await env.DB.prepare(`UPDATE nft_items SET ${set} WHERE code = ?1`).bind(code).run();
        return "changed";
      } catch (err) {
        return String(err).includes("NFT_BOX_ITEM_FIXED") ? "refused" : String(err);
      }
    };
    expect(await change("rarity = 4")).toBe("refused");
    expect(await change("listed = 1, pay_type = 1, start_at = 0, end_at = 9999999999999")).toBe("refused");
    expect(await change("price = 1")).toBe("refused");
    expect(await change('names = \'{"en":"Swapped"}\'')).toBe("refused");
    expect(await change("updated_at = 1")).toBe("changed");
    const item = await db().select().from(tables.nftItems).where(eq(tables.nftItems.code, code)).get();
    expect([item!.rarity, item!.listed, item!.names]).toEqual([1, false, JSON.stringify({ en: "Common cat #1" })]);

    // Through the console, the operator is told why in their language (409), and nothing is changed or audited.
    const audits = async () => (await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "nft.item.edit")).all()).length;
    const auditsBefore = await audits();
    await db()
      .insert(tables.nftMedia)
      .values({ key: "nft/box-fixed.png", contentType: "image/png", size: 10, uploadedBy: operator.id, createdAt: Date.now() });
    const edit = await api("/admin/nft/item?lang=fra", {
      token: operator.token,
      form: {
        id: String(item!.id),
        artist_id: String(item!.artistId),
        names: JSON.stringify({ en: "Swapped" }),
        media_key: "nft/box-fixed.png",
        rarity: "4",
        currency: "USDT",
        price: "1",
        pay_type: "1",
      },
    });
    expect([edit.status, edit.body.code, edit.body.message]).toEqual([
      409,
      "NFT_BOX_ITEM_FIXED",
      "Cette œuvre fait partie d'une série de boîtes mystère et ne peut pas être modifiée avant d'être tirée",
    ]);
    expect(await db().select().from(tables.nftItems).where(eq(tables.nftItems.code, code)).get()).toEqual({ ...item, updatedAt: 1 });
    expect(await audits()).toBe(auditsBefore);
  });

  it("the same Idempotency-Key buys one box and replays its answer", async () => {
    const s = await series();
    const u = await buyer();
    const headers = { "Idempotency-Key": "box-buy-1" };
    const first = await buy(u.token, s.id, headers);
    const second = await buy(u.token, s.id, headers);
    expect(first.status).toBe(200);
    expect(second.body.message).toEqual(first.body.message);
    expect((await seriesRow(s.id))!.sold).toBe(1);
    expect((await balance(u.id, USDT)).available).toBe(990 * USDT_UNIT);
  });
});
