import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { tokenAtom } from "../../session/atoms.ts";
import { useQuery } from "../../../lib/query/useQuery.ts";
import { miningPositionsQuery } from "../mining.ts";
import "../../../styles/earn.css";

/** The caller's earn positions on the assets page: per coin, what lock mining holds and what it has paid. Nothing when empty. */
export function EarnPositions({ format }: { format: (value: string) => string }) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const positions = useQuery(miningPositionsQuery(token));
  if (!positions.data || positions.data.length === 0) return null;
  return (
    <Link to="/lockming/order" className="card earn-positions" data-testid="earn-positions">
      <strong>{t("earn.mining.assetsTitle")}</strong>
      {positions.data.map((p) => (
        <div key={p.currency} className="faint num" data-testid={`earn-position-${p.currency}`}>
          {t("earn.mining.assetsLine", { amount: format(p.amount), interest: format(p.interest), coin: p.currency })}
        </div>
      ))}
    </Link>
  );
}
