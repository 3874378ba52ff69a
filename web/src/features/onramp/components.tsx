import { useTranslation } from "react-i18next";
import type { OnrampCountryCode, OnrampOrderView } from "./api.ts";
import { useTexts } from "../../lib/i18n.ts";

const STATUS_CLASS = { 1: "warn", 2: "up", 3: "down" } as const;

/** An order's state: to be paid, payment successful, cancelled. */
export function OrderStatus({ status }: { status: OnrampOrderView["status"] }) {
  useTexts("onramp");
  const { t } = useTranslation();
  return (
    <span className={`status-badge ${STATUS_CLASS[status]}`} data-testid="otc-status">
      {t(`onramp.status.${status}`)}
    </span>
  );
}

/** A country's name in the user's language (codes outside the catalogue are shown as they are). */
export function useCountryName(): (code: string) => string {
  useTexts("onramp");
  const { t } = useTranslation();
  return (code) => t(`onramp.countries.${code as OnrampCountryCode}`, { defaultValue: code });
}
