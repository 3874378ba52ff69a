import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BoxSeriesView } from "../../../features/nft-box/api.ts";
import { dec } from "../../../lib/decimal.ts";
import { amount, fixed } from "../../../lib/format.ts";
import { useTexts } from "../../../lib/i18n.ts";
import { formatDate } from "../../../lib/time.ts";

const STATUS_CLASS = { 0: "", 1: "up", 2: "warn" } as const;

/** A series' state: sold out wins over "on sale"; otherwise its window. */
export function SeriesStatus({ s }: { s: BoxSeriesView }) {
  useTexts("nftBox");
  const { t } = useTranslation();
  const soldOut = s.remaining === 0;
  return (
    <span className={`status-badge ${soldOut ? "" : STATUS_CLASS[s.status]}`} data-testid="box-status">
      {soldOut ? t("nftBox.soldOut") : t(`nftBox.status.${s.status}`)}
    </span>
  );
}

/** The published odds: each rarity's count out of the series' total. */
export function Odds({ s }: { s: BoxSeriesView }) {
  useTexts("nftBox");
  const { t } = useTranslation();
  return (
    <div className="box-odds" data-testid="box-odds">
      {s.odds.map((o) => (
        <Fragment key={o.rarity}>
          <span className={`box-rarity-${o.rarity}`}>{t(`nftBox.rarity.${o.rarity}`)}</span>
          <span className="num">
            {o.count} / {s.total}
          </span>
          <span className="num faint">{fixed(dec(o.count).div(s.total).times(100), 2)}%</span>
        </Fragment>
      ))}
    </div>
  );
}

/** One series' terms; with `link`, the button to its page. */
export function SeriesCard({ s, link = true }: { s: BoxSeriesView; link?: boolean }) {
  useTexts("nftBox");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`box-series-${s.id}`}>
      <div className="row-between">
        <strong>{s.name}</strong>
        <SeriesStatus s={s} />
      </div>
      <dl className="kv kv-compact">
        <dt>{t("nftBox.artist")}</dt>
        <dd>{s.artist_name}</dd>
        <dt>{t("nftBox.price")}</dt>
        <dd className="num" data-testid="box-price">
          {amount(s.price)} {s.currency_name}
        </dd>
        <dt>{t("nftBox.remaining")}</dt>
        <dd className="num" data-testid="box-remaining">
          {s.remaining} / {s.total}
        </dd>
        <dt>{t("nftBox.window")}</dt>
        <dd className="num">
          {formatDate(s.start_time, true)} – {formatDate(s.end_time, true)}
        </dd>
      </dl>
      {link && (
        <Link to={`/nft/box/detail?id=${s.id}`} className="btn btn-primary btn-block" data-testid="box-series-open">
          {s.status === 1 && s.remaining > 0 ? t("nftBox.buy") : t("nftBox.details")}
        </Link>
      )}
    </li>
  );
}
