import { useTranslation } from "react-i18next";
import { useTexts } from "../../lib/i18n.ts";

/** How an order is decided, in the words of the rule the server applies (the price trail's "price in effect"). */
export function SecondsHelp({ maxAgeSeconds }: { maxAgeSeconds: number }) {
  useTexts("seconds");
  const { t } = useTranslation();
  return (
    <details className="seconds-help card" data-testid="seconds-help">
      <summary>{t("seconds.help.title")}</summary>
      <p>{t("seconds.help.trail")}</p>
      <p>
        <b>{t("seconds.help.inEffectTitle")}</b> {t("seconds.help.inEffect", { seconds: maxAgeSeconds })}
      </p>
      <p>{t("seconds.help.open")}</p>
      <p>{t("seconds.help.close")}</p>
      <p>{t("seconds.help.payout")}</p>
      <p>{t("seconds.help.void", { seconds: maxAgeSeconds })}</p>
    </details>
  );
}
