import { useTranslation } from "react-i18next";
import type { Quotation } from "../../../../schema/api/market.ts";
import { dec } from "../../lib/decimal.ts";
import { IconSort, IconStar } from "./icons.tsx";
import { formatChange, formatPrice, formatVolume, trend } from "../../lib/format.ts";

export type SortKey = "name" | "price" | "change";
export type Sort = { key: SortKey; dir: "asc" | "desc" } | null;

/** Sorts pairs by name, last price or 24 h change (decimal.js comparisons); null keeps the server's order. */
export function sortQuotes<T extends Quotation>(list: T[], sort: Sort): T[] {
  if (!sort) return list;
  const sign = sort.dir === "asc" ? 1 : -1;
  const cmp = (a: Quotation, b: Quotation): number => {
    if (sort.key === "name") return a.symbol.localeCompare(b.symbol);
    if (sort.key === "price") return dec(a.now_price).comparedTo(dec(b.now_price));
    return dec(a.change).comparedTo(dec(b.change));
  };
  return [...list].sort((a, b) => sign * cmp(a, b));
}

/** Tapping a column: descending, then ascending, then back to the server's order (names start ascending). */
export function nextSort(current: Sort, key: SortKey): Sort {
  const first = key === "name" ? "asc" : "desc";
  const second = first === "asc" ? "desc" : "asc";
  if (!current || current.key !== key) return { key, dir: first };
  if (current.dir === first) return { key, dir: second };
  return null;
}

/** The column headers of a quote list; each toggles its sort. */
export function SortHeader({ sort, onSort }: { sort: Sort; onSort: (s: Sort) => void }) {
  const { t } = useTranslation();
  const dir = (key: SortKey) => (sort?.key === key ? sort.dir : null);
  const button = (key: SortKey, label: string, className: string) => (
    <button
      type="button"
      className={`sort-btn ${className}`}
      onClick={() => onSort(nextSort(sort, key))}
      data-testid={`sort-${key}`}
      aria-pressed={sort?.key === key}
    >
      {label}
      <IconSort dir={dir(key)} />
    </button>
  );
  return (
    <div className="quote-head">
      {button("name", t("market.sort.name"), "col-name")}
      {button("price", t("market.sort.price"), "col-price")}
      {button("change", t("market.sort.change"), "col-change")}
    </div>
  );
}

/** One pair: symbol and volume, last price, the 24 h change (green up, red down). */
export function QuoteRow({
  quote,
  onOpen,
  favourite,
  onStar,
}: {
  quote: Quotation;
  onOpen: (q: Quotation) => void;
  favourite?: boolean;
  onStar?: (q: Quotation) => void;
}) {
  const { t } = useTranslation();
  const direction = trend(quote.change);
  return (
    <div className="quote-row" data-testid="quote-row" data-symbol={quote.symbol}>
      {onStar && (
        <button
          type="button"
          className={favourite ? "star-btn on" : "star-btn"}
          onClick={() => onStar(quote)}
          aria-pressed={favourite}
          aria-label={t(favourite ? "market.favourites.remove" : "market.favourites.add")}
          data-testid="star"
        >
          <IconStar size={18} filled={favourite} />
        </button>
      )}
      <button type="button" className="quote-main" onClick={() => onOpen(quote)}>
        <span className="col-name">
          <span className="pair">
            <b>{quote.currency_name}</b>
            <span className="faint">/{quote.legal_name}</span>
          </span>
          <span className="faint num">{t("market.volume", { value: formatVolume(quote.volume) })}</span>
        </span>
        <span className={`col-price num ${direction}`} data-testid="quote-price">
          {formatPrice(quote.now_price, quote.price_precision)}
        </span>
        <span className="col-change">
          <span className={`change-pill num ${direction}`} data-testid="quote-change">
            {formatChange(quote.change)}
          </span>
        </span>
      </button>
    </div>
  );
}
