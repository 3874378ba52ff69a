import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dec } from "../../lib/decimal.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { formatDate } from "../../lib/time.ts";
import type { NftDetailView } from "./api.ts";
import { StatusBadge } from "./NftCard.tsx";

/** A rate as a percentage for reading ("0.025" -> "2.5"). */
export const percent = (rate: string) => amount(dec(rate).times(100), 2);

/** The item's facts: artist, collection, rarity, sale type and state, window, owner and the published rates. */
export function NftFacts({ item }: { item: NftDetailView }) {
  useTexts("nft");
  const { t } = useTranslation();
  return (
    <dl className="kv kv-compact" data-testid="nft-facts">
      <dt>{t("nft.artist")}</dt>
      <dd>
        <Link to={`/nft/artistDetail?uid=${encodeURIComponent(item.author_uid)}`}>{item.author_name}</Link>
      </dd>
      {item.collection_name && (
        <>
          <dt>{t("nft.collection")}</dt>
          <dd>{item.collection_name}</dd>
        </>
      )}
      <dt>{t("nft.rarityLabel")}</dt>
      <dd>{t(`nft.rarity.${item.rarity}`)}</dd>
      <dt>{t("nft.saleType")}</dt>
      <dd>{t(`nft.payType.${item.pay_type}`)}</dd>
      <dt>{t("nft.state")}</dt>
      <dd>{item.listed ? <StatusBadge status={item.status} /> : t("nft.notListed")}</dd>
      {item.listed === 1 && (
        <>
          <dt>{t("nft.window")}</dt>
          <dd className="num">
            {formatDate(item.start_time, true)} – {formatDate(item.end_time, true)}
          </dd>
        </>
      )}
      <dt>{t("nft.owner")}</dt>
      <dd>{item.owner ?? t("nft.firstSale")}</dd>
      <dt>{t("nft.price")}</dt>
      <dd className="num nft-price" data-testid="nft-price">
        {amount(item.price)} {item.currency_name}
      </dd>
      <dt>{t("nft.rates")}</dt>
      <dd className="num" data-testid="nft-rates">
        {t("nft.ratesValue", { fee: percent(item.fee_rate), royalty: percent(item.royalty_rate) })}
      </dd>
    </dl>
  );
}
