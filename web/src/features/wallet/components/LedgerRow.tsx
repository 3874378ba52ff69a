import { useTranslation } from "react-i18next";
import { dec } from "../../../lib/decimal.ts";
import { amount } from "../../../lib/format.ts";
import { formatDate } from "../../../lib/time.ts";
import { isAccountName } from "../accounts.ts";
import type { LedgerRecord } from "../api.ts";
import { useTexts } from "../../../lib/i18n.ts";

/**
 * One line of the bill: what happened (translated by the server), which account, the signed amount; funds held or
 * released inside the account (no change to its total) read as one "Held" / "Released" line without a sign.
 */
export function LedgerRow({ record, showCoin = true }: { record: LedgerRecord; showCoin?: boolean }) {
  useTexts("fund");
  const { t } = useTranslation();
  const value = dec(record.value);
  const held = dec(record.held ?? "0");
  const account = isAccountName(record.account) ? t(`fund.accounts.${record.account}`) : record.account;
  const coin = showCoin ? ` ${record.currency_name}` : "";
  const moved = value.isZero() && !held.isZero();
  return (
    <li className="record" data-testid={`ledger-${record.id}`}>
      <div className="row-between">
        <strong className="record-info">{record.info}</strong>
        {moved ? (
          <span className="num record-amount" data-testid="ledger-amount">
            {`${t(held.isPositive() ? "fund.bill.held" : "fund.bill.released")} ${amount(held.abs())}${coin}`}
          </span>
        ) : (
          <span className={`num record-amount ${value.isNegative() ? "down" : "up"}`} data-testid="ledger-amount">
            {`${value.isNegative() ? "-" : "+"}${amount(value.abs())}${coin}`}
          </span>
        )}
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
