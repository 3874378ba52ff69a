import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { vipQuery, type VipView } from "../../features/activity/activity.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { D, dec } from "../../lib/decimal.ts";
import { amount, fee } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { useTierName } from "./tier.ts";
import "../../styles/fund.css";
import "../../styles/activity.css";

/** Progress toward the next tier, 0–100, for the bar (display only). */
function progressPercent(v: VipView): number {
  if (!v.next) return 100;
  const pct = dec(v.total_usdt).dividedBy(v.next.threshold).times(100);
  return D.max(0, D.min(100, pct)).toDecimalPlaces(1, D.ROUND_DOWN).toNumber();
}

/** activity/vip: the caller's tier (recomputed on open), progress to the next in USDT, and the published rules. */
export default function VipPage() {
  useTexts("activity");
  const { t } = useTranslation();
  const tierName = useTierName();
  const token = useAtomValue(tokenAtom);
  const vip = useQuery(vipQuery(token));
  let body;
  if (!vip.data) body = <QueryPending query={vip} />;
  else {
    const v = vip.data;
    const pct = progressPercent(v);
    body = (
      <>
        <section className="card vip-card" data-testid="vip-card">
          <div className="row-between">
            <span className="muted">{t("activity.vip.yourTier")}</span>
            <span className={`status-badge ${v.level > 0 ? "up" : ""}`} data-testid="vip-level">
              {t("activity.vip.levelName", { level: v.level, name: tierName(v.level) })}
            </span>
          </div>
          <div className="vip-total">
            <span className="muted">{t("activity.vip.total")}</span>
            <strong className="num" data-testid="vip-total">
              {amount(v.total_usdt, 2)} USDT
            </strong>
          </div>
          {v.next ? (
            <>
              <div className="vip-bar" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
                <span style={{ width: `${pct}%` }} />
              </div>
              <p className="muted" data-testid="vip-next">
                {t("activity.vip.toNext", { remaining: fee(v.next.remaining, 2), name: tierName(v.next.level) })}
              </p>
            </>
          ) : (
            <p className="up" data-testid="vip-next">
              {t("activity.vip.top")}
            </p>
          )}
        </section>
        <section className="card">
          <h2 className="card-title">{t("activity.vip.rules")}</h2>
          <table className="vip-rules" data-testid="vip-rules">
            <thead>
              <tr>
                <th>{t("activity.vip.tierColumn")}</th>
                <th className="num">{t("activity.vip.thresholdColumn")}</th>
                <th>{t("activity.vip.unlocksColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {v.tiers.map((tier) => (
                <tr key={tier.level} className={tier.level === v.level ? "current" : ""}>
                  <td>{tierName(tier.level)}</td>
                  <td className="num">≥ {amount(tier.threshold)} USDT</td>
                  <td>{tier.level >= v.loan_min_level ? t("activity.vip.unlockLoans") : t("activity.vip.unlockBadge")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small">{t("activity.vip.how")}</p>
        </section>
      </>
    );
  }
  return (
    <>
      <NavBar title={t("activity.vip.title")} />
      <div className="content stack">{body}</div>
    </>
  );
}
