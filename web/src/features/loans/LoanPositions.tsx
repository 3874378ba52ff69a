import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { tokenAtom } from "../session/atoms.ts";
import { loanPositionsQuery } from "./api.ts";
import "../../styles/borrowing.css";

/** The caller's outstanding loans on the assets page: what each owes and what it holds. Nothing when there are none. */
export function LoanPositions({ format }: { format: (value: string) => string }) {
  useTexts("borrowing");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const loans = useQuery(loanPositionsQuery(token)).data ?? [];
  if (loans.length === 0) return null;
  return (
    <Link to="/borrowing/loans" className="card loan-positions" data-testid="loan-positions">
      <strong>{t("borrowing.assets.title")}</strong>
      {loans.map((l) => (
        <div key={l.id} className="faint num">
          {t("borrowing.assets.line", {
            debt: format(l.debt),
            coin: l.currency,
            collateral: `${format(l.collateral_amount)} ${l.collateral}`,
          })}
        </div>
      ))}
    </Link>
  );
}
