import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { fetchRealState } from "../../features/kyc/api.ts";
import { KycStatusBadge } from "../../features/kyc/components/KycStatusBadge.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { loadUser } from "../../features/session/session.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** Verification status: both levels with their state, reason and next step. Email and phone come first. */
export default function RealMarkPage() {
  useTexts("kyc");
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The level decides what is offered next, so the state and the profile are read together, fresh.
  const query = useQuery({
    key: [Q.kyc, useAtomValue(tokenAtom), "with-profile"],
    load: () => Promise.all([fetchRealState(), loadUser({ silent: true })]),
  });

  if (!query.data) {
    return (
      <>
        <NavBar title={t("kyc.mark.title")} />
        <QueryPending query={query} />
      </>
    );
  }
  const [state, user] = query.data;
  const bound = Boolean(user.email && user.mobile);
  const levels = [
    {
      level: 1 as const,
      info: state.lv1,
      limits: t("kyc.mark.lv1Limits"),
      canStart: bound && (state.lv1.status === "noaudit" || state.lv1.status === "failed"),
    },
    {
      level: 2 as const,
      info: state.lv2,
      limits: t("kyc.mark.lv2Limits"),
      canStart: bound && state.lv1.status === "hasaudit" && (state.lv2.status === "noaudit" || state.lv2.status === "failed"),
    },
  ];

  return (
    <>
      <NavBar title={t("kyc.mark.title")} />
      <main className="content stack">
        <section className="card kyc-summary">
          <div className="faint">{t("kyc.mark.currentLevel")}</div>
          <div className="kyc-level" data-testid="kyc-level">
            {state.level === 0 ? t("kyc.mark.unverified") : t("kyc.mark.levelN", { level: state.level })}
          </div>
        </section>

        {!bound && (
          <section className="notice notice-warn" data-testid="kyc-bind-first">
            <p>{t("kyc.mark.bindFirst")}</p>
            <Link className="btn btn-small btn-primary" to="/setting/security">
              {t("kyc.mark.goSecurity")}
            </Link>
          </section>
        )}

        {levels.map(({ level, info, limits, canStart }) => (
          <section key={level} className="card kyc-level-card" data-testid={`kyc-lv${level}`}>
            <div className="row-between">
              <h2 className="card-title">{t(level === 1 ? "kyc.mark.lv1" : "kyc.mark.lv2")}</h2>
              <KycStatusBadge status={info.status} />
            </div>
            <p className="faint">{t(level === 1 ? "kyc.mark.lv1Needs" : "kyc.mark.lv2Needs")}</p>
            <p className="kyc-limits">{limits}</p>
            {level === 1 && state.lv1.name && (
              <dl className="kv">
                <dt>{t("kyc.real.name")}</dt>
                <dd>{state.lv1.name}</dd>
                <dt>{t("kyc.real.cardId")}</dt>
                <dd className="num">{state.lv1.card_id}</dd>
              </dl>
            )}
            {info.status === "failed" && info.reason && (
              <p className="notice notice-error" data-testid={`kyc-lv${level}-reason`}>
                {t("kyc.mark.reason", { reason: info.reason })}
              </p>
            )}
            {info.status === "auditing" && <p className="faint">{t("kyc.mark.auditingHint")}</p>}
            {level === 2 && state.lv1.status !== "hasaudit" && info.status === "noaudit" && (
              <p className="faint">{t("kyc.mark.lv1First")}</p>
            )}
            {(info.status === "noaudit" || info.status === "failed") && (
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={!canStart}
                onClick={() => navigate(`/setting/real?level=${level}`)}
              >
                {info.status === "failed" ? t("kyc.mark.retry") : t("kyc.mark.start")}
              </button>
            )}
          </section>
        ))}
      </main>
    </>
  );
}
