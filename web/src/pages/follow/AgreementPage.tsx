import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { useTexts } from "../../lib/i18n.ts";
import { AGREEMENT } from "./agreement.ts";
import "../../styles/follow.css";

/** `/follow/agreement_en` and `/follow/agreement_zh`: the agreement in its language; other readers get a note in theirs. */
export default function AgreementPage() {
  useTexts("follow");
  const { t, i18n } = useTranslation();
  const which = useLocation().pathname.endsWith("_zh") ? "zh" : "en";
  const text = AGREEMENT[which];
  const native = which === "zh" ? i18n.language === "zh" || i18n.language === "hk" : i18n.language === "en";
  return (
    <>
      <NavBar title={t("follow.agreement")} />
      <article className="content stack agreement" lang={which} data-testid="agreement">
        {!native && <p className="notice">{t("follow.agreementNote")}</p>}
        <h2>{text.title}</h2>
        {text.paragraphs.map((p) => (
          <p key={p.slice(0, 12)}>{p}</p>
        ))}
      </article>
    </>
  );
}
