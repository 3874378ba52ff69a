import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { type NftItemView, itemPath } from "./api.ts";

const STATUS_CLASS = { 0: "", 1: "up", 2: "warn" } as const;

/** The item's picture: the image, or the cover of audio and video, or a labelled placeholder. */
export function NftPicture({
  item,
  className = "nft-picture",
}: {
  item: Pick<NftItemView, "image" | "name" | "type">;
  className?: string;
}) {
  useTexts("nft");
  const { t } = useTranslation();
  if (item.image) return <img className={className} src={item.image} alt={item.name} loading="lazy" />;
  return (
    <div className={`${className} nft-placeholder`} role="img" aria-label={item.name}>
      {t(`nft.type.${item.type}`)}
    </div>
  );
}

export function StatusBadge({ status }: { status: 0 | 1 | 2 }) {
  useTexts("nft");
  const { t } = useTranslation();
  return (
    <span className={`status-badge ${STATUS_CLASS[status]}`} data-testid="nft-status">
      {t(`nft.status.${status}`)}
    </span>
  );
}

/** One item in a grid: picture, name, artist, price and sale state. */
export function NftCard({ item }: { item: NftItemView }) {
  useTexts("nft");
  const { t } = useTranslation();
  return (
    <li className="nft-card" data-testid={`nft-card-${item.code}`}>
      <Link to={itemPath(item)} className="nft-card-link">
        <div className="nft-card-media">
          <NftPicture item={item} />
          <span className={`nft-rarity rarity-${item.rarity}`}>{t(`nft.rarity.${item.rarity}`)}</span>
        </div>
        <div className="nft-card-body">
          <strong className="nft-card-name">{item.name}</strong>
          <span className="muted nft-card-author">{item.author_name}</span>
          <div className="row-between">
            <span className="num nft-price">
              {amount(item.price)} {item.currency_name}
            </span>
            {item.listed ? <StatusBadge status={item.status} /> : <span className="status-badge">{t("nft.notListed")}</span>}
          </div>
          <span className="muted nft-card-type">{t(`nft.payType.${item.pay_type}`)}</span>
        </div>
      </Link>
    </li>
  );
}
