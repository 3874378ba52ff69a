import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { useTexts } from "../../lib/i18n.ts";
import "../../styles/fund.css";

/** How dual products work: the published payout formula and settlement rule, with a worked example. */
export default function HelpPage() {
  useTexts("invest");
  const { t } = useTranslation();
  const sections = ["what", "buy", "settle", "states"] as const;
  return (
    <>
      <NavBar title={t("invest.help.title")} />
      <div className="content stack" data-testid="dual-help-page">
        {sections.map((s) => (
          <section key={s} className="card">
            <h3 className="card-title">{t(`invest.help.${s}Title`)}</h3>
            <p className="muted">{t(`invest.help.${s}`)}</p>
          </section>
        ))}
        <section className="card">
          <h3 className="card-title">{t("invest.help.formulas")}</h3>
          <dl className="kv kv-compact">
            <dt>{t("invest.coinAmount")}</dt>
            <dd className="mono">{t("invest.help.amountFormula")}</dd>
            <dt>{t("invest.help.factor")}</dt>
            <dd className="mono">{t("invest.help.factorFormula")}</dd>
            <dt>{t("invest.help.below")}</dt>
            <dd className="mono">{t("invest.help.belowFormula")}</dd>
            <dt>{t("invest.help.above")}</dt>
            <dd className="mono">{t("invest.help.aboveFormula")}</dd>
          </dl>
          <p className="faint">{t("invest.help.rounding")}</p>
          <p className="faint">{t("invest.help.example")}</p>
        </section>
        <Link to="/invest/invest" className="btn btn-primary btn-block">
          {t("invest.browse")}
        </Link>
      </div>
    </>
  );
}
