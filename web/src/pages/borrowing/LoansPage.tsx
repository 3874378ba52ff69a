import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { LOANS_KEY, type LoanView, loadLoans } from "../../features/loans/api.ts";
import { LoanBadge, LoanFigures } from "../../features/loans/LoanFigures.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useTexts } from "../../lib/i18n.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { RecordList } from "../fund/parts.tsx";
import "../../styles/fund.css";
import "../../styles/borrowing.css";

function LoanRow({ loan }: { loan: LoanView }) {
  useTexts("borrowing");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`loan-${loan.id}`}>
      <Link to={`/borrowing/loan?id=${loan.id}`} className="loan-link">
        <div className="row-between">
          <strong>{t("borrowing.loan.title", { id: loan.id })}</strong>
          <LoanBadge loan={loan} />
        </div>
        <LoanFigures loan={loan} />
        {loan.status === "pending" && <p className="faint loan-note">{t("borrowing.loan.pendingNote")}</p>}
      </Link>
    </li>
  );
}

/** The caller's loans, newest first, each with its state; a loan opens its detail. */
export default function LoansPage() {
  useTexts("borrowing");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery(LOANS_KEY(token), loadLoans);
  return (
    <>
      <NavBar title={t("borrowing.myLoans")} />
      <div className="content stack">
        <RecordList list={list} empty={t("borrowing.loan.none")} testId="loan-list" render={(l) => <LoanRow key={l.id} loan={l} />} />
        <Link to="/borrowing" className="btn btn-ghost btn-block">
          {t("borrowing.apply.title")}
        </Link>
      </div>
    </>
  );
}
