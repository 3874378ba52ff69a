import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminLotRow } from "../../../../schema/api/nft-auction.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { get } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { AdminShell } from "./AdminShell.tsx";
import "../nft-auction/nft-auction.css";

const STATUSES = ["", "open", "awaiting_payment", "sold", "unsold"] as const;

/** Auction state per lot: price, bids and bidders, the leader, the end and the winner's pay order (read-only). */
export default function AdminNftAuctionsPage() {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("");
  const q = useQuery({
    key: [Q.admin, "nft-auctions", status],
    load: () => get<AdminLotRow[]>("/admin/nft/auctions", status ? { status } : {}, { silent: true }),
    staleTime: 5_000,
  });
  const payState = (r: AdminLotRow) =>
    r.pay === null ? "-" : t(`nftAuction.orderState.${r.pay.is_pay ? "paid" : r.pay.is_expired ? "expired" : "unpaid"}`);
  return (
    <AdminShell title={t("nftAuction.admin.title")}>
      <div className="field">
        <label htmlFor="nft-lot-status">{t("nftAuction.admin.filter")}</label>
        <select
          id="nft-lot-status"
          className="input"
          value={status}
          onChange={(e) => setStatus(e.target.value as (typeof STATUSES)[number])}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`nftAuction.status.${s}`) : t("nftAuction.admin.all")}
            </option>
          ))}
        </select>
      </div>
      {q.error && !q.data ? (
        <ErrorView message={q.error.message} onRetry={q.reload} />
      ) : !q.data ? (
        <DelayedSpinner />
      ) : q.data.length === 0 ? (
        <EmptyState text={t("nftAuction.admin.empty")} />
      ) : (
        <div className="table-wrap">
          <table className="admin-table" data-testid="admin-nft-lots">
            <thead>
              <tr>
                <th>{t("nftAuction.admin.lot")}</th>
                <th>{t("nftAuction.admin.status")}</th>
                <th>{t("nftAuction.currentPrice")}</th>
                <th>{t("nftAuction.bids")}</th>
                <th>{t("nftAuction.admin.bidders")}</th>
                <th>{t("nftAuction.leader")}</th>
                <th>{t("nftAuction.admin.seller")}</th>
                <th>{t("nftAuction.endTime")}</th>
                <th>{t("nftAuction.admin.payOrder")}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap">
                    #{r.id} {r.code}
                  </td>
                  <td>{t(`nftAuction.status.${r.status}`)}</td>
                  <td className="num">
                    {amount(r.price)} {r.currency_name}
                  </td>
                  <td className="num">{r.bid_count}</td>
                  <td className="num">{r.bidders}</td>
                  <td>{r.leader_uid ?? "-"}</td>
                  <td>{r.seller_uid ?? "-"}</td>
                  <td className="num">{formatDate(r.end_at, true)}</td>
                  <td>
                    {payState(r)}
                    {r.pay && !r.pay.is_pay && !r.pay.is_expired ? ` (${formatDate(r.pay.overtime, true)})` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
