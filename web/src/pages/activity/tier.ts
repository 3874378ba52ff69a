import { useTranslation } from "react-i18next";
import { useTexts } from "../../lib/i18n.ts";

/** A tier's name: 0 none, 1 junior, 2 intermediate, 3 senior. */
export function useTierName(): (level: number) => string {
  useTexts("activity");
  const { t } = useTranslation();
  return (level) => t(`activity.vip.tier.${Math.max(0, Math.min(3, level)) as 0 | 1 | 2 | 3}`);
}
