import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import "../../styles/fund.css";

/** How lock mining works: the published formulas, with a worked example. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const steps = ["deposit", "interest", "maturity", "early"] as const;
  return (
    <>
      <NavBar title={t("earn.mining.welcomeTitle")} />
      <div className="content stack" data-testid="mining-welcome">
        <p>{t("earn.mining.welcomeLead")}</p>
        {steps.map((s) => (
          <section key={s} className="card">
            <h3 className="card-title">{t(`earn.mining.help.${s}Title`)}</h3>
            <p className="muted">{t(`earn.mining.help.${s}`)}</p>
          </section>
        ))}
        <section className="card">
          <h3 className="card-title">{t("earn.mining.help.formulas")}</h3>
          <dl className="kv kv-compact">
            <dt>{t("earn.mining.dailyInterest")}</dt>
            <dd className="mono">{t("earn.mining.help.dailyFormula")}</dd>
            <dt>{t("earn.mining.remainingDays")}</dt>
            <dd className="mono">{t("earn.mining.help.remainingFormula")}</dd>
            <dt>{t("earn.mining.penalty")}</dt>
            <dd className="mono">{t("earn.mining.help.penaltyFormula")}</dd>
            <dt>{t("earn.mining.returned")}</dt>
            <dd className="mono">{t("earn.mining.help.returnFormula")}</dd>
          </dl>
          <p className="faint">{t("earn.mining.help.example")}</p>
        </section>
        <Link to="/lockming/lockming" className="btn btn-primary btn-block">
          {t("earn.mining.browse")}
        </Link>
      </div>
    </>
  );
}
