import { useTranslation } from "react-i18next";
import { useTexts } from "../../lib/i18n.ts";
import { useNow } from "./useNow.ts";

/** Time left until `until` (epoch ms) as h:mm:ss, ticking each second. */
export function Countdown({ until, testId }: { until: number; testId?: string }) {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const now = useNow();
  const left = Math.max(0, Math.floor((until - now) / 1000));
  if (left === 0) return <span data-testid={testId}>{t("nftAuction.timeUp")}</span>;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return (
    <span className="num" data-testid={testId}>
      {`${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`}
    </span>
  );
}
