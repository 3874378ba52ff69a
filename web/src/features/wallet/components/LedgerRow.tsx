import { useTranslation } from "react-i18next";
import { dec } from "../../../lib/decimal.ts";
import { formatDate } from "../../../lib/time.ts";
import { isAccountName } from "../accounts.ts";
import type { LedgerRecord } from "../api.ts";
import { amount } from "../../../lib/format.ts";

/** One ledger entry: what happened (translated by the server), which account, the signed amount. */
export function LedgerRow({ record, showCoin = true }: { record: LedgerRecord; showCoin?: boolean }) {
  const { t } = useTranslation();
  const value = dec(record.value);
  const account = isAccountName(record.account) ? t(`fund.accounts.${record.account}`) : record.account;
  return (
    <li className="record" data-testid={`ledger-${record.id}`}>
      <div className="row-between">
        <strong className="record-info">{record.info}</strong>
        <span className={`num record-amount ${value.isNegative() ? "down" : "up"}`} data-testid="ledger-amount">
          {value.isNegative() ? "-" : "+"}
          {amount(value.abs())}
          {showCoin ? ` ${record.currency_name}` : ""}
        </span>
      </div>
      <div className="row-between faint">
        <span>
          {account}
          {record.bucket === "locked" ? ` · ${t("fund.common.frozen")}` : ""}
        </span>
        <span>{formatDate(record.created_time, true)}</span>
      </div>
    </li>
  );
}
