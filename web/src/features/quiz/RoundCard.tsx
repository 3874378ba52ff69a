import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amount } from "../../lib/format.ts";
import { D, dec } from "../../lib/decimal.ts";
import { useTexts } from "../../lib/i18n.ts";
import { formatDate } from "../../lib/time.ts";
import type { QuizRound } from "./api.ts";
import { countdown, roundTrailLink, trailPrice } from "./clock.ts";

/** What a round waits for next, with its countdown; nothing once settled. */
function useTimeline(r: QuizRound, now: number): string | null {
  const { t } = useTranslation();
  if (r.state === "not_started") return t("guess.opensIn", { time: countdown(r.opens_at - now) });
  if (r.state === "guessing") return t("guess.cutoffIn", { time: countdown(r.cutoff_at - now) });
  if (r.state === "cut_off") return now < r.ends_at ? t("guess.endsIn", { time: countdown(r.ends_at - now) }) : t("guess.settling");
  return null;
}

/** The outcome's text key: once settled, which side won, or why every bet came back. */
function outcomeKey(r: QuizRound): "unsettled" | "higher" | "lower" | "equal" | null {
  if (r.state === "unsettled") return "unsettled";
  if (r.state !== "over") return null;
  return r.outcome === 1 ? "higher" : r.outcome === 2 ? "lower" : "equal";
}

/**
 * One round: market, state, what comes next with its countdown, the pool of each side, and once settled the two trail
 * entries it was decided on (with a link to the trail around them), the outcome and what the fees account kept.
 * `onBet` shows the two sides' buttons while the round takes bets.
 */
export function RoundCard({ round: r, now, onBet }: { round: QuizRound; now: number; onBet?: (side: 1 | 2) => void }) {
  useTexts("guess");
  const { t } = useTranslation();
  const timeline = useTimeline(r, now);
  const up = dec(r.up_pool);
  const down = dec(r.down_pool);
  const total = up.plus(down);
  const upShare = total.isZero() ? 50 : up.div(total).times(100).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();
  const outcomeAt = outcomeKey(r);
  const outcome = outcomeAt && t(`guess.outcome.${outcomeAt}`);
  const kept = r.fee !== null && r.remainder !== null ? dec(r.fee).plus(r.remainder) : null;
  return (
    <article className="card game-round" data-testid={`round-${r.id}`} data-state={r.state}>
      <div className="row-between">
        <strong>{t("guess.question", { symbol: r.symbol })}</strong>
        <span className={`game-pill state-${r.state}`} data-testid="round-state">
          {t(`guess.state.${r.state}`)}
        </span>
      </div>
      {timeline && (
        <p className="game-timeline num" data-testid="round-timeline">
          {timeline}
        </p>
      )}
      <div className="game-pools">
        <div>
          <span className="muted">{t("guess.side.1")}</span>
          <strong className="up num" data-testid="pool-up">
            {amount(r.up_pool)} {r.currency_name}
          </strong>
        </div>
        <div className="game-pool-down">
          <span className="muted">{t("guess.side.2")}</span>
          <strong className="down num" data-testid="pool-down">
            {amount(r.down_pool)} {r.currency_name}
          </strong>
        </div>
      </div>
      <div className="game-bar" aria-hidden="true">
        <span style={{ width: `${upShare}%` }} />
      </div>
      <dl className="kv kv-compact">
        <dt>{t("guess.cutoffAt")}</dt>
        <dd className="num">{formatDate(r.cutoff_at, true)}</dd>
        <dt>{t("guess.endsAt")}</dt>
        <dd className="num">{formatDate(r.ends_at, true)}</dd>
        <dt>{t("guess.fee")}</dt>
        <dd className="num">{t("guess.feeValue", { rate: r.fee_rate })}</dd>
        {r.cutoff_entry && (
          <>
            <dt>{t("guess.cutoffPrice")}</dt>
            <dd className="num" data-testid="cutoff-price">
              {trailPrice(r.cutoff_entry.price)}
              <span className="game-entry-time muted">{formatDate(r.cutoff_entry.time, true)}</span>
            </dd>
          </>
        )}
        {r.end_entry && (
          <>
            <dt>{t("guess.endPrice")}</dt>
            <dd className="num" data-testid="end-price">
              {trailPrice(r.end_entry.price)}
              <span className="game-entry-time muted">{formatDate(r.end_entry.time, true)}</span>
            </dd>
          </>
        )}
        {kept && r.state === "over" && !kept.isZero() && (
          <>
            <dt>{t("guess.kept")}</dt>
            <dd className="num">
              {amount(kept)} {r.currency_name}
            </dd>
          </>
        )}
      </dl>
      {outcome && (
        <p className="game-outcome" data-testid="round-outcome">
          {outcome}
        </p>
      )}
      {(r.state === "over" || r.state === "unsettled") && (
        <Link className="game-link" to={roundTrailLink(r)} data-testid="round-trail">
          {t("guess.viewTrail")}
        </Link>
      )}
      {onBet && r.state === "guessing" && (
        <div className="game-sides">
          <button type="button" className="btn btn-up" onClick={() => onBet(1)} data-testid={`bet-up-${r.id}`}>
            {t("guess.side.1")}
          </button>
          <button type="button" className="btn btn-down" onClick={() => onBet(2)} data-testid={`bet-down-${r.id}`}>
            {t("guess.side.2")}
          </button>
        </div>
      )}
    </article>
  );
}
