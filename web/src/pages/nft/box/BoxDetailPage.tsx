import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NavBar } from "../../../components/NavBar.tsx";
import { QueryPending } from "../../../components/States.tsx";
import { boxSeriesQuery, boxVerifyQuery, buyBox } from "../../../features/nft-box/api.ts";
import { tokenAtom } from "../../../features/session/atoms.ts";
import { holdings, walletQuery } from "../../../features/wallet/api.ts";
import { useIdempotencyKey } from "../../../features/wallet/useIdempotencyKey.ts";
import { amount } from "../../../lib/format.ts";
import { useTexts } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../../lib/ui.ts";
import { Odds, SeriesCard } from "./SeriesCard.tsx";
import "../../../styles/fund.css";
import "../../../styles/nft-box.css";

/** One series: terms, odds, the seed's commitment, and while on sale the purchase (confirmed first). */
export default function BoxDetailPage() {
  useTexts("nftBox");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const q = useQuery(boxSeriesQuery(id), { enabled: id > 0 });
  const contents = useQuery(boxVerifyQuery(id), { enabled: id > 0 });
  const walletQ = useQuery({ ...walletQuery(token), staleTime: 0 }, { enabled: Boolean(token) });
  const idem = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const title = t("nftBox.detailTitle");

  const s = q.data;
  if (!s) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={q} />
      </>
    );
  }
  const available = walletQ.data ? (holdings(walletQ.data, "change").find((h) => h.name === s.currency_name)?.available ?? "0") : "0";

  const buy = async () => {
    const ok = await confirmDialog({
      title: t("nftBox.confirmBuyTitle"),
      message: t("nftBox.confirmBuyMessage", { name: s.name, price: amount(s.price), currency: s.currency_name }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const res = await buyBox(s.id, idem.current());
      idem.reset();
      toast(res.message);
      void navigate("/nft/box/mine");
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  let action;
  if (s.status === 2) action = <div className="notice">{t("nftBox.notStarted")}</div>;
  else if (s.remaining === 0) action = <div className="notice">{t("nftBox.soldOutNotice")}</div>;
  else if (s.status === 0) action = <div className="notice">{t("nftBox.ended")}</div>;
  else if (!token)
    action = (
      <Link to="/login" className="btn btn-primary btn-block">
        {t("nftBox.logInToBuy")}
      </Link>
    );
  else
    action = (
      <div className="stack">
        <dl className="kv summary">
          <dt>{t("nftBox.available")}</dt>
          <dd className="num" data-testid="box-available">
            {amount(available)} {s.currency_name}
          </dd>
        </dl>
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void buy()} data-testid="box-buy">
          {t("nftBox.buyFor", { price: amount(s.price), currency: s.currency_name })}
        </button>
      </div>
    );

  return (
    <>
      <NavBar title={title} />
      <div className="content stack">
        <ul className="record-list">
          <SeriesCard s={s} link={false} />
        </ul>
        {action}
        <section className="card stack box-card">
          <h2 className="card-title">{t("nftBox.odds")}</h2>
          <Odds s={s} />
        </section>
        <section className="card stack box-card">
          <h2 className="card-title">{t("nftBox.commitment")}</h2>
          <p className="box-hash" data-testid="box-commitment">
            {s.commitment}
          </p>
          <p className="faint">{s.revealed ? t("nftBox.revealedHint") : t("nftBox.commitmentHint")}</p>
          <Link to={`/nft/box/verify?id=${s.id}`} className="btn btn-ghost btn-block" data-testid="box-verify-link">
            {t("nftBox.verify")}
          </Link>
        </section>
        {/* Last on the page: it arrives after the series, and nothing below it moves. */}
        {contents.data && (
          <section className="card stack box-card">
            <h2 className="card-title">{t("nftBox.items", { count: contents.data.items.length })}</h2>
            <ul className="box-items" data-testid="box-items">
              {contents.data.items.map((i) => (
                <li key={i.position}>
                  {i.image ? <img src={i.image} alt="" loading="lazy" /> : <span className="box-items-blank" />}
                  <span>{i.name}</span>
                  <span className={`box-rarity-${i.rarity}`}>{t(`nftBox.rarity.${i.rarity}`)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
