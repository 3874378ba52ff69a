import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { tokenAtom } from "../../session/atoms.ts";
import { useQuery } from "../../../lib/query/useQuery.ts";
import { dualPositionsQuery } from "../dual.ts";
import { ieoPositionsQuery } from "../ieo.ts";
import { miningPositionsQuery } from "../mining.ts";
import "../../../styles/earn.css";
import { useTexts } from "../../../lib/i18n.ts";

/**
 * The caller's earn positions on the assets page: per coin, what lock mining holds and has paid, and IEO subscriptions
 * awaiting their tokens with the cost held, open dual orders. Nothing when there are none.
 */
export function EarnPositions({ format }: { format: (value: string) => string }) {
  useTexts("earn");
  useTexts("invest");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const mining = useQuery(miningPositionsQuery(token)).data ?? [];
  const ieo = useQuery(ieoPositionsQuery(token)).data ?? [];
  const dual = useQuery(dualPositionsQuery(token)).data ?? [];
  return (
    <>
      {mining.length > 0 && (
        <Link to="/lockming/order" className="card earn-positions" data-testid="earn-positions">
          <strong>{t("earn.mining.assetsTitle")}</strong>
          {mining.map((p) => (
            <div key={p.currency} className="faint num" data-testid={`earn-position-${p.currency}`}>
              {t("earn.mining.assetsLine", { amount: format(p.amount), interest: format(p.interest), coin: p.currency })}
            </div>
          ))}
        </Link>
      )}
      {ieo.length > 0 && (
        <Link to="/ieo/order" className="card earn-positions" data-testid="ieo-positions">
          <strong>{t("earn.ieo.assetsTitle")}</strong>
          {ieo.map((p) => (
            <div key={`${p.currency}-${p.pay_currency}`} className="faint num" data-testid={`ieo-position-${p.currency}`}>
              {t("earn.ieo.assetsLine", { amount: format(p.amount), coin: p.currency, cost: format(p.cost), pay: p.pay_currency })}
            </div>
          ))}
        </Link>
      )}
      {dual.length > 0 && (
        <Link to="/invest/mine" className="card earn-positions" data-testid="dual-positions">
          <strong>{t("invest.assetsTitle")}</strong>
          {dual.map((p) => (
            <div key={p.currency} className="faint num" data-testid={`dual-position-${p.currency}`}>
              {t("invest.assetsLine", { amount: format(p.amount), coin: p.currency, orders: p.orders })}
            </div>
          ))}
        </Link>
      )}
    </>
  );
}
