import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TraderListItem } from "../../features/follow/api.ts";
import { amount, trend } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

/** One trader in the list: figures computed from their closed positions, and the way to their page. */
export function TraderCard({ t: trader }: { t: TraderListItem }) {
  useTexts("follow");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`trader-${trader.id}`}>
      <div className="row-between">
        <strong className="trader-name">
          <span className="trader-avatar" aria-hidden="true">
            {trader.head_portrait ? <img src={trader.head_portrait} alt="" width={32} height={32} /> : trader.nickname.slice(0, 1)}
          </span>
          {trader.nickname}
        </strong>
        {trader.is_followed === 1 && <span className="status-badge up">{t("follow.following")}</span>}
      </div>
      <dl className="kv kv-compact">
        <dt>{t("follow.totalProfit")}</dt>
        <dd className={`num ${trend(trader.total_profits)}`}>{amount(trader.total_profits)} USDT</dd>
        <dt>{t("follow.accuracy")}</dt>
        <dd className="num">{amount(trader.correct_rate)}%</dd>
        <dt>{t("follow.followers")}</dt>
        <dd className="num">{trader.follow_num}</dd>
      </dl>
      <Link to={`/follow/trader?id=${trader.id}`} className="btn btn-primary btn-block" data-testid="trader-open">
        {t("follow.view")}
      </Link>
    </li>
  );
}
