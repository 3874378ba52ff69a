import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NftRates } from "../../../../schema/api/nft.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView, QueryPending } from "../../components/States.tsx";
import { ApiFailure, get, post } from "../../lib/api.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { SaveCancel } from "./parts.tsx";

type AdminArtist = { id: number; uid: string; names: string; bio: string; user_id: number | null; avatar_key: string | null };
type AdminCollection = { id: number; artist_id: number; names: string; cover_key: string | null };
type AdminItem = {
  id: number;
  code: string;
  artist_id: number;
  collection_id: number | null;
  names: string;
  description: string;
  media_key: string;
  cover_key: string | null;
  type: number;
  rarity: number;
  owner_id: number | null;
  listed: 0 | 1;
  pay_type: number;
  currency: string;
  price: string;
  per_increase: string;
  margin: string;
  start_time: number;
  end_time: number;
};
type Catalogue = { artists: AdminArtist[]; collections: AdminCollection[]; items: AdminItem[] };

const KEYS = [[Q.admin], [Q.nft]] as const;
const catalogueQuery = {
  key: [Q.admin, "nft-catalogue"],
  load: () => get<Catalogue>("/admin/nft/catalogue", { limit: 100 }, { silent: true }),
};
const ratesQuery = { key: [Q.admin, "nft-rates"], load: () => get<NftRates>("/admin/nft/rates", {}, { silent: true }) };
const save = mutation((path: string, data: Record<string, string | undefined>) => post<unknown>(path, data, { silent: true }), KEYS);
const upload = mutation((file: File) => {
  const form = new FormData();
  form.set("file", file);
  return post<{ key: string; content_type: string }>("/admin/nft/media", form, { silent: true });
}, KEYS);

const enName = (json: string) => {
  try {
    return (JSON.parse(json) as { en?: string }).en ?? json;
  } catch {
    return json;
  }
};
/** "2026-11-24T10:00" in UTC, as the datetime-local inputs of the console hold it. */
const utcInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const fromUtcInput = (v: string) => (v ? String(Date.parse(`${v}:00Z`)) : undefined);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
    </label>
  );
}

/** Runs a console write: toasts "saved" or the server's message. */
function useSubmit() {
  useTexts("nft");
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    try {
      await write();
      toast(t("nft.admin.saved"));
      after?.();
    } catch (err) {
      if (err instanceof ApiFailure) toast(err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function RatesCard() {
  useTexts("nft");
  const { t } = useTranslation();
  const query = useQuery(ratesQuery);
  const [draft, setDraft] = useState<NftRates | null>(null);
  const { busy, run } = useSubmit();
  if (query.error && !query.data) return <ErrorView message={query.error.message} onRetry={query.reload} />;
  if (!query.data) return <DelayedSpinner />;
  const d = draft ?? query.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => save("/admin/nft/rates", d),
      () => setDraft(null),
    );
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="nft-admin-rates">
      <h3 className="section-title">{t("nft.admin.rates")}</h3>
      <p className="muted">{t("nft.admin.ratesHint")}</p>
      <Field label={t("nft.admin.feeRate")}>
        <input
          className="input num"
          value={d.fee_rate}
          onChange={(e) => setDraft({ ...d, fee_rate: e.target.value })}
          data-testid="nft-fee-rate"
        />
      </Field>
      <Field label={t("nft.admin.royaltyRate")}>
        <input
          className="input num"
          value={d.royalty_rate}
          onChange={(e) => setDraft({ ...d, royalty_rate: e.target.value })}
          data-testid="nft-royalty-rate"
        />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("nft.admin.save")}
      </button>
    </form>
  );
}

function MediaCard({ uploaded, onUploaded }: { uploaded: string[]; onUploaded: (key: string) => void }) {
  useTexts("nft");
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await upload(file);
      onUploaded(res.key);
      toast(t("nft.admin.uploaded", { type: res.content_type }));
    } catch (err) {
      if (err instanceof ApiFailure) toast(err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card stack" data-testid="nft-admin-media">
      <h3 className="section-title">{t("nft.admin.media")}</h3>
      <p className="muted">{t("nft.admin.mediaHint")}</p>
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,audio/mpeg,audio/ogg,video/mp4,video/webm"
        disabled={busy}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {uploaded.length > 0 && (
        <ul className="record-list">
          {uploaded.map((k) => (
            <li key={k} className="record num">
              {k}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ArtistForm({ onDone }: { onDone: () => void }) {
  useTexts("nft");
  const { t } = useTranslation();
  const [d, setD] = useState({ names: '{"en": ""}', user_uid: "", avatar_key: "" });
  const { busy, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => save("/admin/nft/artist", { names: d.names, user_uid: d.user_uid || undefined, avatar_key: d.avatar_key || undefined }),
      onDone,
    );
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="nft-admin-artist">
      <h3 className="section-title">{t("nft.admin.newArtist")}</h3>
      <Field label={t("nft.admin.names")}>
        <textarea className="input" rows={2} value={d.names} onChange={(e) => setD({ ...d, names: e.target.value })} />
      </Field>
      <Field label={t("nft.admin.userUid")}>
        <input className="input" value={d.user_uid} onChange={(e) => setD({ ...d, user_uid: e.target.value })} />
      </Field>
      <Field label={t("nft.admin.avatarKey")}>
        <input className="input" value={d.avatar_key} onChange={(e) => setD({ ...d, avatar_key: e.target.value })} />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("nft.admin.save")}
      </button>
    </form>
  );
}

function CollectionForm({ artists, onDone }: { artists: AdminArtist[]; onDone: () => void }) {
  useTexts("nft");
  const { t } = useTranslation();
  const [d, setD] = useState({ artist_id: String(artists[0]?.id ?? ""), names: '{"en": ""}', cover_key: "" });
  const { busy, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => save("/admin/nft/collection", { artist_id: d.artist_id, names: d.names, cover_key: d.cover_key || undefined }), onDone);
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="nft-admin-collection">
      <h3 className="section-title">{t("nft.admin.newCollection")}</h3>
      <Field label={t("nft.artist")}>
        <select className="input" value={d.artist_id} onChange={(e) => setD({ ...d, artist_id: e.target.value })}>
          {artists.map((a) => (
            <option key={a.id} value={a.id}>
              {enName(a.names)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("nft.admin.names")}>
        <textarea className="input" rows={2} value={d.names} onChange={(e) => setD({ ...d, names: e.target.value })} />
      </Field>
      <Field label={t("nft.admin.coverKey")}>
        <input className="input" value={d.cover_key} onChange={(e) => setD({ ...d, cover_key: e.target.value })} />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("nft.admin.save")}
      </button>
    </form>
  );
}

type ItemDraft = Record<
  | "artist_id"
  | "collection_id"
  | "names"
  | "description"
  | "media_key"
  | "cover_key"
  | "rarity"
  | "currency"
  | "price"
  | "per_increase"
  | "margin"
  | "pay_type"
  | "start"
  | "end"
  | "listed",
  string
> & { id?: number };

const draftOf = (i: AdminItem): ItemDraft => ({
  id: i.id,
  artist_id: String(i.artist_id),
  collection_id: i.collection_id === null ? "" : String(i.collection_id),
  names: i.names,
  description: i.description,
  media_key: i.media_key,
  cover_key: i.cover_key ?? "",
  rarity: String(i.rarity),
  currency: i.currency,
  price: i.price,
  per_increase: i.per_increase,
  margin: i.margin,
  pay_type: String(i.pay_type),
  start: i.start_time ? utcInput(i.start_time) : "",
  end: i.end_time ? utcInput(i.end_time) : "",
  listed: String(i.listed),
});

function ItemForm({ initial, catalogue, onDone }: { initial: ItemDraft; catalogue: Catalogue; onDone: () => void }) {
  useTexts("nft");
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const { busy, run } = useSubmit();
  const input = (key: keyof Omit<ItemDraft, "id">, label: string, type = "text") => (
    <Field label={label}>
      <input
        className="input"
        type={type}
        value={d[key]}
        onChange={(e) => setD({ ...d, [key]: e.target.value })}
        data-testid={`nft-item-${key}`}
      />
    </Field>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { start, end, id, ...rest } = d;
    void run(
      () =>
        save("/admin/nft/item", {
          ...rest,
          id: id === undefined ? undefined : String(id),
          collection_id: rest.collection_id || undefined,
          cover_key: rest.cover_key || undefined,
          start_time: fromUtcInput(start),
          end_time: fromUtcInput(end),
        }),
      onDone,
    );
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="nft-admin-item">
      <h3 className="section-title">{d.id ? t("nft.admin.editItem") : t("nft.admin.newItem")}</h3>
      <Field label={t("nft.artist")}>
        <select className="input" value={d.artist_id} onChange={(e) => setD({ ...d, artist_id: e.target.value, collection_id: "" })}>
          {catalogue.artists.map((a) => (
            <option key={a.id} value={a.id}>
              {enName(a.names)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("nft.collection")}>
        <select className="input" value={d.collection_id} onChange={(e) => setD({ ...d, collection_id: e.target.value })}>
          <option value="">—</option>
          {catalogue.collections
            .filter((c) => String(c.artist_id) === d.artist_id)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {enName(c.names)}
              </option>
            ))}
        </select>
      </Field>
      {input("names", t("nft.admin.names"))}
      {input("description", t("nft.admin.description"))}
      {input("media_key", t("nft.admin.mediaKey"))}
      {input("cover_key", t("nft.admin.coverKey"))}
      <Field label={t("nft.rarityLabel")}>
        <select className="input" value={d.rarity} onChange={(e) => setD({ ...d, rarity: e.target.value })}>
          {(["1", "2", "3", "4"] as const).map((r) => (
            <option key={r} value={r}>
              {t(`nft.rarity.${r}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("nft.saleType")}>
        <select className="input" value={d.pay_type} onChange={(e) => setD({ ...d, pay_type: e.target.value })}>
          {(["1", "2", "3"] as const).map((p) => (
            <option key={p} value={p}>
              {t(`nft.payType.${p}`)}
            </option>
          ))}
        </select>
      </Field>
      {input("currency", t("nft.admin.currency"))}
      {input("price", t("nft.price"))}
      {input("per_increase", t("nft.resell.increment"))}
      {input("margin", t("nft.admin.margin"))}
      {input("start", t("nft.admin.startUtc"), "datetime-local")}
      {input("end", t("nft.admin.endUtc"), "datetime-local")}
      <label className="row">
        <input type="checkbox" checked={d.listed === "1"} onChange={(e) => setD({ ...d, listed: e.target.checked ? "1" : "0" })} />
        <span>{t("nft.admin.listed")}</span>
      </label>
      <SaveCancel label={t("nft.admin.save")} busy={busy} testId="nft-item-save" onCancel={onDone} />
    </form>
  );
}

/** Console: the NFT catalogue (artists, collections, items, media) and the published fee and royalty; each write audited. */
export default function AdminNftPage() {
  useTexts("nft");
  const { t } = useTranslation();
  const query = useQuery(catalogueQuery);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [form, setForm] = useState<"artist" | "collection" | ItemDraft | null>(null);
  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else {
    const cat = query.data;
    const newItem = (now: number): ItemDraft => ({
      artist_id: String(cat.artists[0]?.id ?? ""),
      collection_id: "",
      names: '{"en": ""}',
      description: "{}",
      media_key: uploaded[0] ?? "",
      cover_key: "",
      rarity: "1",
      currency: "USDT",
      price: "",
      per_increase: "0",
      margin: "0",
      pay_type: "1",
      start: utcInput(now),
      end: utcInput(now + 7 * 86_400_000),
      listed: "1",
    });
    const done = () => setForm(null);
    body = (
      <div className="stack">
        <RatesCard />
        <MediaCard uploaded={uploaded} onUploaded={(k) => setUploaded((u) => [k, ...u])} />
        <div className="row">
          <button type="button" className="btn btn-ghost" onClick={() => setForm("artist")}>
            {t("nft.admin.newArtist")}
          </button>
          <button type="button" className="btn btn-ghost" disabled={cat.artists.length === 0} onClick={() => setForm("collection")}>
            {t("nft.admin.newCollection")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={cat.artists.length === 0}
            onClick={() => setForm(newItem(Date.now()))}
            data-testid="nft-new-item"
          >
            {t("nft.admin.newItem")}
          </button>
        </div>
        {form === "artist" && <ArtistForm onDone={done} />}
        {form === "collection" && <CollectionForm artists={cat.artists} onDone={done} />}
        {form !== null && typeof form === "object" && <ItemForm key={form.id ?? "new"} initial={form} catalogue={cat} onDone={done} />}
        <h3 className="section-title">{t("nft.admin.items")}</h3>
        {cat.items.length === 0 ? (
          <EmptyState text={t("nft.empty.items")} />
        ) : (
          <ul className="record-list" data-testid="nft-admin-items">
            {cat.items.map((i) => (
              <li key={i.id} className="record">
                <div className="row-between">
                  <strong>{enName(i.names)}</strong>
                  <span className="status-badge">{i.listed ? t(`nft.payType.${i.pay_type as 1 | 2 | 3}`) : t("nft.notListed")}</span>
                </div>
                <dl className="kv kv-compact">
                  <dt>{t("nft.admin.code")}</dt>
                  <dd className="num">{i.code}</dd>
                  <dt>{t("nft.price")}</dt>
                  <dd className="num">
                    {i.price} {i.currency}
                  </dd>
                  <dt>{t("nft.owner")}</dt>
                  <dd className="num">{i.owner_id ?? t("nft.firstSale")}</dd>
                  {i.listed === 1 && (
                    <>
                      <dt>{t("nft.window")}</dt>
                      <dd className="num">
                        {formatDate(i.start_time, true)} – {formatDate(i.end_time, true)}
                      </dd>
                    </>
                  )}
                </dl>
                {i.owner_id === null && (
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setForm(draftOf(i))}>
                    {t("nft.admin.edit")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return <AdminShell title={t("nft.admin.title")}>{body}</AdminShell>;
}
