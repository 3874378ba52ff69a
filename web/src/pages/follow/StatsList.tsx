import { useTranslation } from "react-i18next";
import type { TraderDetail } from "../../features/follow/api.ts";
import { amount, trend } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { formatDate } from "../../lib/time.ts";

/** A trader's published figures (computed hourly from their closed positions) and when they were computed. */
export function StatsList({ data }: { data: TraderDetail["data"] }) {
  useTexts("follow");
  const { t } = useTranslation();
  return (
    <>
      <dl className="kv stats-grid" data-testid="trader-stats">
        <dt>{t("follow.totalProfit")}</dt>
        <dd className={`num ${trend(data.total_profits)}`} data-testid="stat-profit">
          {amount(data.total_profits)} USDT
        </dd>
        <dt>{t("follow.accuracy")}</dt>
        <dd className="num">{amount(data.correct_rate)}%</dd>
        <dt>{t("follow.incomeRate")}</dt>
        <dd className={`num ${trend(data.total_income_rate)}`}>{amount(data.total_income_rate)}%</dd>
        <dt>{t("follow.yesterdayProfit")}</dt>
        <dd className={`num ${trend(data.yesterday_profits)}`}>{amount(data.yesterday_profits)} USDT</dd>
        <dt>{t("follow.followers")}</dt>
        <dd className="num" data-testid="stat-followers">
          {data.follow_num}
        </dd>
        <dt>{t("follow.openPositions")}</dt>
        <dd className="num">{data.position_count}</dd>
        <dt>{t("follow.totalPositions")}</dt>
        <dd className="num">{data.total_count}</dd>
        <dt>{t("follow.longShort")}</dt>
        <dd className="num">
          {data.riseCount} / {data.fallCount}
        </dd>
      </dl>
      <p className="faint">
        {data.stats_at > 0 ? t("follow.statsAt", { time: formatDate(data.stats_at, true) }) : t("follow.statsPending")}
      </p>
    </>
  );
}
