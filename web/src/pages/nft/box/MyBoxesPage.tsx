import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../../components/States.tsx";
import { type BoxView, myBoxesQuery, openBox } from "../../../features/nft-box/api.ts";
import { tokenAtom } from "../../../features/session/atoms.ts";
import { amount } from "../../../lib/format.ts";
import { useTexts } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query/useQuery.ts";
import { formatDate } from "../../../lib/time.ts";
import { confirmDialog, toast } from "../../../lib/ui.ts";
import "../../../styles/fund.css";
import "../../../styles/nft-box.css";

function BoxRow({ b }: { b: BoxView }) {
  useTexts("nftBox");
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const ok = await confirmDialog({ title: t("nftBox.confirmOpenTitle"), message: t("nftBox.confirmOpenMessage", { code: b.code }) });
    if (!ok) return;
    setBusy(true);
    try {
      const opened = await openBox(b.code);
      toast(t("nftBox.openedToast", { name: opened.item?.name ?? "" }));
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="record" data-testid={`box-${b.code}`}>
      <div className="row-between">
        <strong>{b.series_name}</strong>
        <span className={`status-badge ${b.item ? "up" : "warn"}`}>{b.item ? t("nftBox.opened") : t("nftBox.unopened")}</span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("nftBox.code")}</dt>
        <dd className="num">{b.code}</dd>
        <dt>{t("nftBox.price")}</dt>
        <dd className="num">
          {amount(b.price)} {b.currency_name}
        </dd>
        <dt>{t("nftBox.boughtAt")}</dt>
        <dd className="num">{formatDate(b.created_at, true)}</dd>
        {b.item && (
          <>
            <dt>{t("nftBox.item")}</dt>
            <dd data-testid="box-item">
              {b.item.name} · <span className={`box-rarity-${b.item.rarity}`}>{t(`nftBox.rarity.${b.item.rarity}`)}</span>
            </dd>
          </>
        )}
      </dl>
      {b.item?.image && <img className="box-thumb" src={b.item.image} alt={b.item.name} loading="lazy" />}
      {b.item ? (
        <Link to={`/nft/box/verify?id=${b.series_id}`} className="btn btn-ghost btn-block btn-small">
          {t("nftBox.verify")}
        </Link>
      ) : (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void open()} data-testid="box-open">
          {t("nftBox.open")}
        </button>
      )}
    </li>
  );
}

/** The user's boxes: unopened ones can be held or opened (confirmed, irrevocable); opened ones show their item. */
export default function MyBoxesPage() {
  useTexts("nftBox");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const q = useQuery(myBoxesQuery(token ?? ""), { enabled: Boolean(token) });
  let body;
  if (!q.data) body = <QueryPending query={q} />;
  else if (q.data.length === 0)
    body = (
      <EmptyState text={t("nftBox.noBoxes")}>
        <Link to="/nft/box/list" className="btn btn-primary">
          {t("nftBox.browse")}
        </Link>
      </EmptyState>
    );
  else
    body = (
      <ul className="record-list" data-testid="my-boxes">
        {q.data.map((b) => (
          <BoxRow key={b.code} b={b} />
        ))}
      </ul>
    );
  return (
    <>
      <NavBar title={t("nftBox.myBoxes")} />
      <div className="content stack">
        <p className="faint">{t("nftBox.openHint")}</p>
        {body}
      </div>
    </>
  );
}
