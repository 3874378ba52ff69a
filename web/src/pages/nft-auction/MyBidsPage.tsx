import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { loadMyBids, type MyBidEntry, myBidsKey } from "../../features/nft-auction/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { RecordList } from "../fund/parts.tsx";
import "../../styles/fund.css";

function BidRow({ b }: { b: MyBidEntry }) {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const state = b.lot_status === "open" ? (b.is_leader ? "leading" : "outbid") : b.lot_status;
  return (
    <li className="record">
      <div className="row-between">
        <Link to={`/nft/purchase?code=${encodeURIComponent(b.code)}`}>
          <strong>{b.name || b.code}</strong>
        </Link>
        <span className={`status-badge ${state === "leading" ? "up" : "warn"}`}>{t(`nftAuction.bidState.${state}`)}</span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("nftAuction.yourBid")}</dt>
        <dd className="num">
          {amount(b.price)} {b.currency_name}
        </dd>
        <dt>{t("nftAuction.increment")}</dt>
        <dd className="num">
          {amount(b.increment)} {b.currency_name}
        </dd>
        <dt>{t("nftAuction.time")}</dt>
        <dd className="num">{formatDate(b.created, true)}</dd>
      </dl>
    </li>
  );
}

/** The caller's own bids (getMyBindBoxQuotationLog), newest first. */
export default function MyBidsPage() {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery(myBidsKey(token), loadMyBids);
  return (
    <>
      <NavBar title={t("nftAuction.myBids")} />
      <div className="content">
        <RecordList
          list={list}
          empty={t("nftAuction.noMyBids")}
          testId="my-bids"
          render={(b) => <BidRow key={`${b.code}-${b.created}-${b.price}`} b={b} />}
        />
      </div>
    </>
  );
}
