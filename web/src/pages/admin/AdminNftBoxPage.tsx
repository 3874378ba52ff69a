import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BoxSeriesView } from "../../../../schema/api/nft-box.ts";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { get, post } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { SeriesStatus } from "../nft/box/SeriesCard.tsx";
import { AdminShell } from "./AdminShell.tsx";
import { SaveCancel } from "./parts.tsx";
import "../../styles/nft-box.css";

type Draft = { name: string; artist_id: string; currency: string; price: string; start: string; end: string; items: string };

const fetchSeries = () => get<{ list: BoxSeriesView[] }>("/bind_box/boxSeriesList", {}, { silent: true });
/** The worker generates the seed, publishes its commitment and audits the creation; a series is never edited. */
const createSeries = mutation(
  (d: Draft) =>
    post<BoxSeriesView>("/admin/nft_box/series", {
      name: d.name,
      artist_id: d.artist_id,
      currency: d.currency,
      price: d.price,
      start_time: String(Date.parse(`${d.start}:00Z`)),
      end_time: String(Date.parse(`${d.end}:00Z`)),
      items: d.items,
    }),
  [[Q.admin], [Q.nftBox]],
);

/** "2026-11-24T10:00" in UTC, as a datetime-local input holds it. */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

const EXAMPLE_ITEMS = JSON.stringify([
  { name: "Common", rarity: 1, count: 6 },
  { name: "Rare", rarity: 2, count: 3 },
  { name: "Legendary", rarity: 4, count: 1 },
]);

const emptyDraft = (now: number): Draft => ({
  name: "",
  artist_id: "100",
  currency: "USDT",
  price: "",
  start: local(now + 3_600_000),
  end: local(now + 7 * 86_400_000),
  items: EXAMPLE_ITEMS,
});

function SeriesForm({ onDone }: { onDone: () => void }) {
  useTexts("nftBox");
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(() => emptyDraft(Date.now()));
  const [busy, setBusy] = useState(false);
  const field = (key: Exclude<keyof Draft, "items">, label: string, type = "text") => (
    <label className="field">
      <span>{label}</span>
      <input
        className="input"
        type={type}
        value={d[key]}
        onChange={(e) => setD({ ...d, [key]: e.target.value })}
        data-testid={`box-${key}`}
      />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await confirmDialog({ title: t("nftBox.admin.confirmTitle"), message: t("nftBox.admin.confirmMessage") });
    if (!ok) return;
    setBusy(true);
    try {
      await createSeries(d);
      toast(t("nftBox.admin.created"));
      onDone();
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} noValidate data-testid="admin-box-form">
      {field("name", t("nftBox.admin.name"))}
      {field("artist_id", t("nftBox.admin.artistId"))}
      {field("currency", t("nftBox.admin.coin"))}
      {field("price", t("nftBox.admin.price"))}
      {field("start", t("nftBox.admin.start"), "datetime-local")}
      {field("end", t("nftBox.admin.end"), "datetime-local")}
      <label className="field">
        <span>{t("nftBox.admin.items")}</span>
        <textarea className="input box-hash" rows={5} value={d.items} onChange={(e) => setD({ ...d, items: e.target.value })} />
        <span className="faint field-hint">{t("nftBox.admin.itemsHint")}</span>
      </label>
      <SaveCancel label={t("nftBox.admin.create")} busy={busy} testId="box-create" onCancel={onDone} />
    </form>
  );
}

/** Console: blind box series with their commitments; created here (audited), revealed by the rule, never edited. */
export default function AdminNftBoxPage() {
  useTexts("nftBox");
  const { t } = useTranslation();
  const query = useQuery({ key: [Q.admin, "nft-box-series"], load: fetchSeries });
  const [creating, setCreating] = useState(false);
  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else
    body = (
      <div className="stack">
        {creating ? (
          <SeriesForm onDone={() => setCreating(false)} />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="box-new">
            {t("nftBox.admin.new")}
          </button>
        )}
        {query.data.list.length === 0 ? (
          <EmptyState text={t("nftBox.noSeries")} />
        ) : (
          <ul className="record-list" data-testid="admin-box-list">
            {query.data.list.map((s) => (
              <li key={s.id} className="record">
                <div className="row-between">
                  <strong>{s.name}</strong>
                  <SeriesStatus s={s} />
                </div>
                <dl className="kv kv-compact">
                  <dt>{t("nftBox.price")}</dt>
                  <dd className="num">
                    {amount(s.price)} {s.currency_name}
                  </dd>
                  <dt>{t("nftBox.admin.soldOpened")}</dt>
                  <dd className="num">
                    {s.sold} / {s.opened} / {s.total}
                  </dd>
                  <dt>{t("nftBox.window")}</dt>
                  <dd className="num">
                    {formatDate(s.start_time, true)} – {formatDate(s.end_time, true)}
                  </dd>
                  <dt>{t("nftBox.seed")}</dt>
                  <dd>{s.revealed ? t("nftBox.admin.revealed") : t("nftBox.admin.secret")}</dd>
                </dl>
                <p className="box-hash">{s.commitment}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  return <AdminShell title={t("nftBox.admin.title")}>{body}</AdminShell>;
}
