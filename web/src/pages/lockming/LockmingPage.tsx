import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { miningConfigsQuery } from "../../features/earn/mining.ts";
import { amount } from "../../lib/format.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** The lock-mining offer: one card per configuration, each opening the deposit form. */
export default function LockmingPage() {
  useTexts("earn");
  const { t } = useTranslation();
  const configs = useQuery(miningConfigsQuery);
  const right = (
    <Link to="/lockming/order" className="navbar-link" data-testid="my-orders">
      {t("earn.mining.myOrders")}
    </Link>
  );
  let body;
  if (!configs.data) body = <QueryPending query={configs} />;
  else if (configs.data.length === 0) body = <EmptyState text={t("earn.mining.noProducts")} />;
  else
    body = (
      <ul className="record-list" data-testid="mining-configs">
        {configs.data.map((c) => (
          <li key={c.id} className="record" data-testid={`mining-config-${c.id}`}>
            <div className="row-between">
              <strong>{t("earn.mining.productTitle", { coin: c.currency, days: c.days })}</strong>
              <span className="up num">{t("earn.mining.dailyRateValue", { rate: c.daily_rate })}</span>
            </div>
            <dl className="kv kv-compact">
              <dt>{t("earn.mining.period")}</dt>
              <dd className="num">{t("earn.mining.daysValue", { days: c.days })}</dd>
              <dt>{t("earn.mining.minAmount")}</dt>
              <dd className="num">
                {amount(c.min_amount)} {c.currency}
              </dd>
              <dt>{t("earn.mining.cancelRatio")}</dt>
              <dd className="num">{t("earn.mining.cancelRatioValue", { rate: c.cancel_ratio })}</dd>
            </dl>
            <Link to={`/lockming/buy?id=${c.id}`} className="btn btn-primary btn-block" data-testid="mining-buy">
              {t("earn.mining.deposit")}
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <NavBar title={t("earn.mining.title")} right={right} />
      <div className="content stack">
        <div className="notice">
          {t("earn.mining.intro")}{" "}
          <Link to="/lockming/welcome" data-testid="mining-help">
            {t("earn.mining.howItWorks")}
          </Link>
        </div>
        {body}
      </div>
    </>
  );
}
