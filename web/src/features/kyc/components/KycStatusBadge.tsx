import { useTranslation } from "react-i18next";
import type { KycStatus } from "../api.ts";
import { useTexts } from "../../../lib/i18n.ts";

const STATUS_CLASS: Record<KycStatus, string> = { noaudit: "", auditing: "warn", hasaudit: "up", failed: "down" };

/** A verification state (noaudit, auditing, hasaudit, failed) as a coloured badge. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  useTexts("kyc");
  const { t } = useTranslation();
  return (
    <span className={`status-badge ${STATUS_CLASS[status]}`} data-testid={`kyc-status-${status}`}>
      {t(`kyc.status.${status}`)}
    </span>
  );
}
