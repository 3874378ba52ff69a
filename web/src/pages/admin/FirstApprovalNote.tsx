import { useTranslation } from "react-i18next";
import { useTexts } from "../../lib/i18n.ts";

/** Four eyes: who gave the first approval of a request that needs two (and, for a deposit, the amount they verified). */
export function FirstApprovalNote({ by, figure }: { by: string | null; figure: string | null }) {
  useTexts("admin");
  const { t } = useTranslation();
  return (
    <p className="notice notice-warn" data-testid="first-approval">
      {figure ? t("admin.fourEyes.awaitingSecondAmount", { by, amount: figure }) : t("admin.fourEyes.awaitingSecond", { by })}
    </p>
  );
}
