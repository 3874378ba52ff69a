import { exports } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { NftArtistDetail, NftCollectionView, NftCurrencyView, NftItemView, NftPage } from "../../schema/api/nft.ts";
import * as tables from "../../schema/db/index.ts";
import { api, createUser } from "./helpers.ts";
import { db } from "./money-helpers.ts";
import { HOUR, type Operator, PNG, artist, collection, item, itemRow, nftOperator, uploadMedia } from "./nft-helpers.ts";

let op: Operator;
beforeAll(async () => {
  op = await nftOperator();
});

const raw = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`http://localhost/api${path}`, { headers }));
const ascii = (s: string) => new TextEncoder().encode(s);
const withHead = (head: number[], length = 64) => {
  const out = new Uint8Array(length);
  out.set(head);
  for (let i = head.length; i < length; i++) out[i] = i;
  return out;
};

describe("NFT media", () => {
  it("decides the type by content: audio, video, gif and images are stored with the sniffed type whatever the name says", async () => {
    const cases: [Uint8Array, string, string, number][] = [
      [PNG, "cover.html", "image/png", 1],
      [withHead([0xff, 0xd8, 0xff, 0xe0]), "a.bin", "image/jpeg", 1],
      [ascii("GIF89a-animated-frames"), "a.gif", "image/gif", 2],
      [withHead([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP")]), "a.webp", "image/webp", 1],
      [ascii("ID3\u0004\u0000 an mp3 with a tag"), "song.mp3", "audio/mpeg", 3],
      [ascii("OggS\u0000 vorbis"), "song.ogg", "audio/ogg", 3],
      [withHead([0, 0, 0, 0x18, ...ascii("ftypmp42")]), "clip.mp4", "video/mp4", 4],
      [withHead([0x1a, 0x45, 0xdf, 0xa3]), "clip.webm", "video/webm", 4],
    ];
    for (const [bytes, name, type, kind] of cases) {
      const res = await uploadMedia(op.token, bytes, name, "text/html");
      expect([name, res.status, res.body.message.content_type, res.body.message.kind]).toEqual([name, 200, type, kind]);
      const stored = await db().select().from(tables.nftMedia).where(eq(tables.nftMedia.key, res.body.message.key)).get();
      expect(stored?.contentType).toBe(type);
    }
    const audits = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "nft.media")).all();
    expect(audits.length).toBeGreaterThanOrEqual(cases.length);
  });

  it("refuses HTML, SVG, scripts and empty files by content, and anyone but an operator", async () => {
    const bad: [Uint8Array, string, string][] = [
      [ascii("<!doctype html><script>alert(1)</script>"), "x.png", "image/png"],
      [ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "x.svg", "image/svg+xml"],
      [ascii('<?xml version="1.0"?><svg/>'), "x.gif", "image/gif"],
      [ascii("alert(1)"), "x.js", "text/javascript"],
      [new Uint8Array(0), "x.png", "image/png"],
    ];
    for (const [bytes, name, type] of bad) {
      const res = await uploadMedia(op.token, bytes, name, type);
      expect([name, res.status, res.body.code]).toEqual([name, 400, "NFT_MEDIA_TYPE"]);
    }
    const user = await createUser();
    expect((await uploadMedia(user.token, PNG)).status).toBe(403);
    expect((await uploadMedia("", PNG)).status).toBe(401);
  });

  it("refuses an image above 5 MB with 413", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 16));
    const res = await uploadMedia(op.token, big);
    expect([res.status, res.body.code]).toEqual([413, "NFT_MEDIA_TOO_LARGE"]);
  });

  it("serves media inline with its type and nosniff, and answers byte ranges with 206 so players can seek", async () => {
    const bytes = withHead([0, 0, 0, 0x18, ...ascii("ftypmp42")], 1000);
    const { key } = (await uploadMedia(op.token, bytes, "clip.mp4", "video/mp4")).body.message;
    const full = await raw(`/bind_box/media/${key}`);
    expect([full.status, full.headers.get("content-type"), full.headers.get("x-content-type-options")]).toEqual([
      200,
      "video/mp4",
      "nosniff",
    ]);
    expect([full.headers.get("content-disposition"), full.headers.get("accept-ranges"), full.headers.get("content-length")]).toEqual([
      "inline",
      "bytes",
      "1000",
    ]);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(bytes);

    const part = await raw(`/bind_box/media/${key}`, { range: "bytes=100-199" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([
      206,
      "bytes 100-199/1000",
      "100",
    ]);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const open = await raw(`/bind_box/media/${key}`, { range: "bytes=990-" });
    expect([open.status, open.headers.get("content-range")]).toEqual([206, "bytes 990-999/1000"]);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.subarray(990));

    const suffix = await raw(`/bind_box/media/${key}`, { range: "bytes=-5" });
    expect([suffix.status, suffix.headers.get("content-range")]).toEqual([206, "bytes 995-999/1000"]);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.subarray(995));

    const beyond = await raw(`/bind_box/media/${key}`, { range: "bytes=5000-" });
    expect([beyond.status, beyond.headers.get("content-range")]).toEqual([416, "bytes */1000"]);
    await beyond.arrayBuffer();

    expect((await raw("/bind_box/media/nft/missing.png")).status).toBe(404);
    expect((await raw("/bind_box/media/u/1/../../secret")).status).toBe(404);
  });
});

describe("NFT catalogue", () => {
  it("lists items with the spec's fields, status derived from the window, names in the reader's language", async () => {
    const creator = await createUser();
    const a = await artist(op, { userId: creator.id, en: "Ada Lumen", zh: "阿达" });
    const col = await collection(op, a.id);
    const now = Date.now();
    const onSale = await item(op, a.id, { en: "Zephyr dawn", collection: col });
    const soon = await item(op, a.id, { en: "Zephyr noon", start: now + HOUR, end: now + 2 * HOUR });
    const over = await item(op, a.id, { en: "Zephyr dusk", start: now - 2 * HOUR, end: now - HOUR });
    const list = await api<NftPage<NftItemView>>("/bind_box/getBoxList?keyword=Zephyr&limit=50&lang=fra");
    expect(list.status).toBe(200);
    const byCode = new Map(list.body.message.list.map((i) => [i.code, i]));
    expect([byCode.get(onSale.code)?.status, byCode.get(soon.code)?.status, byCode.get(over.code)?.status]).toEqual([1, 2, 0]);
    expect(byCode.get(onSale.code)).toMatchObject({
      name: "Lever du soleil",
      price: "100",
      rarity: 2,
      type: 1,
      pay_type: 1,
      buy_status: 1,
      owner: null,
      collect: 0,
      collect_number: 0,
      author_name: "Ada Lumen",
      author_uid: a.uid,
      collection_name: "Morning series",
      currency_name: "USDT",
      start_time: Math.floor((await itemRow(onSale.code)).startAt / 1000),
    });
    expect(byCode.get(onSale.code)!.image).toMatch(/^\/api\/bind_box\/media\/nft\/[\w-]+\.png$/);
    const zh = await api<NftPage<NftItemView>>(`/bind_box/getBoxList?keyword=Zephyr&lang=zh`);
    expect(zh.body.message.list.map((i) => i.author_name)).toContain("阿达");
    expect(zh.body.message.list.find((i) => i.code === onSale.code)?.name).toBe("Zephyr dawn");

    const statuses = async (status: string) =>
      (await api<NftPage<NftItemView>>(`/bind_box/getBoxList?keyword=Zephyr&status=${status}`)).body.message.list.map((i) => i.code);
    expect(await statuses("1")).toEqual([onSale.code]);
    expect(await statuses("2")).toEqual([soon.code]);
    expect(await statuses("0")).toEqual([over.code]);
    const inCollection = await api<NftPage<NftItemView>>(`/bind_box/getBoxList?collection=${col}`);
    expect(inCollection.body.message.list.map((i) => i.code)).toEqual([onSale.code]);
  });

  it("filters by sale type, media type, currency and keyword (literal, never a pattern)", async () => {
    const a = await artist(op);
    const auction = await item(op, a.id, { payType: "2", en: "Quill 100% rare_one" });
    const plain = await item(op, a.id, { en: "Quill plain" });
    const codes = async (q: string) => (await api<NftPage<NftItemView>>(`/bind_box/getBoxList?${q}`)).body.message.list.map((i) => i.code);
    expect(await codes("keyword=Quill&pay_type=2")).toEqual([auction.code]);
    expect((await codes("keyword=Quill&pay_type=1")).includes(plain.code)).toBe(true);
    expect(await codes("keyword=Quill&type=3")).toEqual([]);
    expect(await codes(`keyword=${encodeURIComponent("100%")}`)).toEqual([auction.code]);
    expect(await codes(`keyword=${encodeURIComponent("e_o")}`)).toEqual([auction.code]);
    expect(await codes(`keyword=${encodeURIComponent("%")}&limit=50`)).toEqual([auction.code]);
    expect((await codes("keyword=Quill&currency=USDT")).length).toBe(2);
    expect(await codes("keyword=Quill&currency=BTC")).toEqual([]);
  });

  it("refuses an empty search keyword and malformed filters with translated 400s", async () => {
    const cases: [string, string][] = [
      ["keyword=", "NFT_KEYWORD_REQUIRED"],
      ["keyword=%20%20", "NFT_KEYWORD_REQUIRED"],
      [`keyword=${"x".repeat(41)}`, "NFT_KEYWORD_REQUIRED"],
      ["status=3", "PARAMETER_ERROR"],
      ["pay_type=4", "PARAMETER_ERROR"],
      ["type=0", "PARAMETER_ERROR"],
      ["limit=51", "PARAMETER_ERROR"],
      ["currency=%24%24", "UNKNOWN_CURRENCY"],
      ["owner_id=1", "UNKNOWN_FIELD"],
    ];
    for (const [q, code] of cases) {
      const res = await api(`/bind_box/getBoxList?${q}&lang=spa`);
      expect([q, res.status, res.body.code]).toEqual([q, 400, code]);
    }
    const es = await api("/bind_box/getBoxList?keyword=&lang=spa");
    expect(es.body.message).toBe("Introduzca una palabra clave (como máximo 40 caracteres)");
    expect((await api("/bind_box/getBoxDetail?id=NOPE")).status).toBe(404);
    expect((await api("/bind_box/getBoxDetail?id=999999")).status).toBe(404);
    expect((await api("/bind_box/getArtistDetail?uid=NOPE")).status).toBe(404);
  });

  it("artist detail carries the artist's artworks and collections; artists and collections list with their counts", async () => {
    const a = await artist(op, { en: "Bo Marlow" });
    const col = await collection(op, a.id, "Tides");
    const one = await item(op, a.id, { collection: col });
    const two = await item(op, a.id, { listed: false });
    const detail = await api<NftArtistDetail>(`/bind_box/getArtistDetail?uid=${a.uid}`);
    expect(detail.body.message).toMatchObject({ uid: a.uid, name: "Bo Marlow", works: 2 });
    expect(detail.body.message.artworks.map((i) => i.code)).toEqual([two.code, one.code]);
    expect(detail.body.message.collects).toEqual([
      { id: col, name: "Tides", cover: "", artist_uid: a.uid, author_name: "Bo Marlow", works: 1 },
    ]);
    const artists = await api<NftPage<{ uid: string; works: number }>>("/bind_box/getArtist?limit=50");
    expect(artists.body.message.list.find((x) => x.uid === a.uid)?.works).toBe(2);
    const cols = await api<NftPage<NftCollectionView>>("/bind_box/getCollection?limit=50");
    expect(cols.body.message.list.find((c) => c.id === col)).toMatchObject({ name: "Tides", works: 1 });
    const curs = await api<NftCurrencyView[]>("/bind_box/getNftCurrency");
    expect(curs.body.message).toEqual([{ id: 3, name: "USDT" }]);
  });

  it("collect toggles the caller's favourite and counts everyone's; getMyNFTs lists only the caller's items", async () => {
    const a = await artist(op);
    const it1 = await item(op, a.id);
    const [x, y] = [await createUser(), await createUser()];
    const collect = (token: string) =>
      api<{ collect: number; collect_number: number }>("/bind_box/collect", { token, form: { code: it1.code } });
    expect((await collect(x.token)).body.message).toEqual({ collect: 1, collect_number: 1 });
    expect((await collect(y.token)).body.message).toEqual({ collect: 1, collect_number: 2 });
    expect((await collect(x.token)).body.message).toEqual({ collect: 0, collect_number: 1 });
    const seen = await api<{ collect: number; collect_number: number }>(`/bind_box/getBoxDetail?id=${(await itemRow(it1.code)).id}`, {
      token: y.token,
    });
    expect([seen.body.message.collect, seen.body.message.collect_number]).toEqual([1, 1]);
    expect((await api("/bind_box/collect", { form: { code: it1.code } })).status).toBe(401);
    expect((await api("/bind_box/collect", { token: x.token, form: { code: "NOPE" } })).status).toBe(404);

    expect((await api<NftPage<NftItemView>>("/bind_box/getMyNFTs", { token: x.token })).body.message).toEqual({
      list: [],
      page: 1,
      limit: 10,
      total: 0,
    });
    expect((await api("/bind_box/getMyNFTs")).status).toBe(401);
    expect((await api("/bind_box/getMyNFTs?user_id=1", { token: x.token })).body.code).toBe("UNKNOWN_FIELD");
  });
});

describe("NFT console", () => {
  it("publishes fee and royalty rates (audited), refuses more than half the price, and only operators may edit", async () => {
    const res = await api<{ fee_rate: string; royalty_rate: string }>("/admin/nft/rates", {
      token: op.token,
      form: { fee_rate: "0.0300", royalty_rate: "0.06" },
    });
    expect(res.body.message).toEqual({ fee_rate: "0.03", royalty_rate: "0.06" });
    expect((await api("/bind_box/rates")).body.message).toEqual({ fee_rate: "0.03", royalty_rate: "0.06" });
    const audit = await db()
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.action, "nft.rates"))
      .orderBy(desc(tables.auditLog.id))
      .get();
    expect(JSON.parse(audit!.detail)).toEqual({
      from: { fee_rate: "0.025", royalty_rate: "0.05" },
      to: { fee_rate: "0.03", royalty_rate: "0.06" },
    });
    const tooHigh = await api("/admin/nft/rates", { token: op.token, form: { fee_rate: "0.3", royalty_rate: "0.25" } });
    expect([tooHigh.status, tooHigh.body.code]).toEqual([400, "NFT_RATES_TOO_HIGH"]);
    expect((await api("/admin/nft/rates", { token: op.token, form: { fee_rate: "1", royalty_rate: "0" } })).status).toBe(400);
    const user = await createUser();
    expect((await api("/admin/nft/rates", { token: user.token, form: { fee_rate: "0", royalty_rate: "0" } })).status).toBe(403);
    await api("/admin/nft/rates", { token: op.token, form: { fee_rate: "0.025", royalty_rate: "0.05" } });
  });

  it("validates artists, collections and items, and refuses to edit an item a user owns", async () => {
    const a = await artist(op);
    const other = await artist(op);
    const otherCol = await collection(op, other.id);
    const bad = [
      ["/admin/nft/artist", { names: "not json" }, "NFT_NAMES_INVALID"],
      ["/admin/nft/artist", { names: JSON.stringify({ zh: "只有中文" }) }, "NFT_NAMES_INVALID"],
      ["/admin/nft/artist", { names: JSON.stringify({ en: "X" }), user_uid: "nobody" }, "NFT_ARTIST_USER_UNKNOWN"],
      ["/admin/nft/collection", { artist_id: "999999", names: JSON.stringify({ en: "X" }) }, "NFT_ARTIST_UNKNOWN"],
      [
        "/admin/nft/item",
        {
          artist_id: String(a.id),
          names: JSON.stringify({ en: "X" }),
          media_key: "nft/none.png",
          rarity: "1",
          currency: "USDT",
          price: "1",
          pay_type: "1",
        },
        "NFT_MEDIA_MISSING",
      ],
    ] as const;
    for (const [path, form, code] of bad) {
      const res = await api(path, { token: op.token, form });
      expect([path, res.status, res.body.code]).toEqual([path, 400, code]);
    }
    const base = await item(op, a.id, { listed: false });
    const row = await itemRow(base.code);
    const edit = (extra: Record<string, string>) =>
      api("/admin/nft/item", {
        token: op.token,
        form: {
          id: String(row.id),
          artist_id: String(a.id),
          names: JSON.stringify({ en: "Edited" }),
          media_key: row.mediaKey,
          rarity: "4",
          currency: "USDT",
          price: "7",
          pay_type: "1",
          ...extra,
        },
      });
    expect((await edit({ collection_id: String(otherCol) })).body.code).toBe("NFT_COLLECTION_UNKNOWN");
    const now = Date.now();
    expect((await edit({ listed: "1", start_time: String(now + HOUR), end_time: String(now) })).body.code).toBe("NFT_WINDOW_INVALID");
    expect((await edit({ listed: "1", price: "0", start_time: String(now), end_time: String(now + HOUR) })).body.code).toBe(
      "NFT_PRICE_POSITIVE",
    );
    expect((await edit({})).status).toBe(200);
    expect(await itemRow(base.code)).toMatchObject({ names: JSON.stringify({ en: "Edited" }), rarity: 4, price: 7_000_000, version: 1 });
    await db().update(tables.nftItems).set({ ownerId: op.id }).where(eq(tables.nftItems.id, row.id));
    const owned = await edit({});
    expect([owned.status, owned.body.code]).toEqual([409, "NFT_OWNED_NOT_EDITABLE"]);
    const user = await createUser();
    expect((await api("/admin/nft/catalogue", { token: user.token })).status).toBe(403);
    const cat = await api<{ items: { code: string }[] }>("/admin/nft/catalogue?limit=100", { token: op.token });
    expect(cat.body.message.items.some((i) => i.code === base.code)).toBe(true);
  });
});
