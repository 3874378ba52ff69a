import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { api, createUser } from "./helpers.ts";
import { db, seedMoney } from "./money-helpers.ts";

/** NFT fixtures through the console's own API (so every item is made the way operators make it). */

export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
export const HOUR = 3_600_000;

export type Operator = Awaited<ReturnType<typeof createUser>>;

export async function nftOperator(): Promise<Operator> {
  await seedMoney();
  return createUser({ role: "operator" });
}

export async function uploadMedia(token: string, bytes: Uint8Array, name = "art.png", type = "image/png") {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  return api<{ key: string; content_type: string; size: number; kind: number }>("/admin/nft/media", { token, body: form });
}

export const uidOf = async (userId: number) =>
  (await db().select({ uid: tables.users.uid }).from(tables.users).where(eq(tables.users.id, userId)).get())!.uid;

export async function artist(op: Operator, opts: { userId?: number; en?: string; zh?: string } = {}) {
  const names = JSON.stringify({ en: opts.en ?? "Ada Lumen", ...(opts.zh ? { zh: opts.zh } : {}) });
  const form: Record<string, string> = { names };
  if (opts.userId !== undefined) form.user_uid = await uidOf(opts.userId);
  const res = await api<{ id: number; uid: string }>("/admin/nft/artist", { token: op.token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

export async function collection(op: Operator, artistId: number, en = "Morning series") {
  const res = await api<{ id: number }>("/admin/nft/collection", {
    token: op.token,
    form: { artist_id: String(artistId), names: JSON.stringify({ en }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.id;
}

let media: string | null = null;
export async function pngKey(op: Operator) {
  if (media) return media;
  const res = await uploadMedia(op.token, PNG);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  media = res.body.message.key;
  return media;
}

/** An item of the artist: on fixed-price sale for an hour (from a minute ago) at `price` USDT unless told otherwise. */
export async function item(
  op: Operator,
  artistId: number,
  opts: { price?: string; start?: number; end?: number; listed?: boolean; payType?: "1" | "2"; en?: string; collection?: number } = {},
) {
  const now = Date.now();
  const form: Record<string, string> = {
    artist_id: String(artistId),
    names: JSON.stringify({ en: opts.en ?? "Sunrise", fra: "Lever du soleil" }),
    media_key: await pngKey(op),
    rarity: "2",
    currency: "USDT",
    price: opts.price ?? "100",
    pay_type: opts.payType ?? "1",
    start_time: String(opts.start ?? now - 60_000),
    end_time: String(opts.end ?? now + HOUR),
    listed: opts.listed === false ? "0" : "1",
  };
  if (opts.payType === "2") form.per_increase = "1";
  if (opts.collection !== undefined) form.collection_id = String(opts.collection);
  const res = await api<{ id: number; code: string }>("/admin/nft/item", { token: op.token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

export const itemRow = async (code: string) => (await db().select().from(tables.nftItems).where(eq(tables.nftItems.code, code)).get())!;
