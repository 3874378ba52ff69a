import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { formatDate } from "../../lib/time.ts";
import type { QuizBet } from "./api.ts";
import { countdown, roundTrailLink, trailPrice } from "./clock.ts";

/** One of the user's bets: side, amount, its round's state, and once settled hit, missed or refunded with the payout. */
export function BetCard({ bet: b, now }: { bet: QuizBet; now: number }) {
  useTexts("guess");
  const { t } = useTranslation();
  const r = b.round;
  const coin = r.currency_name;
  const waiting = b.state === "open" && (r.state === "guessing" || r.state === "not_started") ? r.cutoff_at : r.ends_at;
  return (
    <article className="card game-bet" data-testid={`bet-${b.id}`} data-state={b.state}>
      <div className="row-between">
        <strong>
          {r.symbol} · <span className={b.side === 1 ? "up" : "down"}>{t(`guess.side.${b.side}`)}</span>
        </strong>
        <span className={`game-pill bet-${b.state}`} data-testid="bet-state">
          {t(`guess.bet.${b.state}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("guess.amount")}</dt>
        <dd className="num">
          {amount(b.amount)} {coin}
        </dd>
        <dt>{t("guess.placedAt")}</dt>
        <dd className="num">{formatDate(b.created_at, true)}</dd>
        <dt>{t("guess.roundState")}</dt>
        <dd>
          {t(`guess.state.${r.state}`)}
          {b.state === "open" && now < waiting ? ` · ${countdown(waiting - now)}` : ""}
        </dd>
        {r.cutoff_entry && r.end_entry && (
          <>
            <dt>{t("guess.prices")}</dt>
            <dd className="num">
              {trailPrice(r.cutoff_entry.price)} → {trailPrice(r.end_entry.price)}
            </dd>
          </>
        )}
        {b.payout !== null && (
          <>
            <dt>{t("guess.payout")}</dt>
            <dd className={`num ${b.state === "hit" ? "up" : ""}`} data-testid="bet-payout">
              {amount(b.payout)} {coin}
            </dd>
          </>
        )}
      </dl>
      {b.state !== "open" && (
        <Link className="game-link" to={roundTrailLink(r)}>
          {t("guess.viewTrail")}
        </Link>
      )}
    </article>
  );
}
