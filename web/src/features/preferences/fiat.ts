import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { dec, type DecimalValue } from "../../lib/decimal.ts";
import { fiat } from "../../lib/format.ts";
import { fiatAtom, fiatsAtom, type FiatCode } from "./atoms.ts";
import { isFiat } from "./fiatRates.ts";

export { FIAT_REFRESH_MS, fiatsStale, refreshFiats, startFiatRefresh } from "./fiatRates.ts";

/**
 * The display fiat (the spec's client state and supported fiats): the chosen currency, its
 * rate (units per 1 USD; USDT counts 1:1 with USD) and a converter. Display
 * only: money never moves at these rates. The rates list is loaded by
 * fiatRates.ts at app start and kept at most 24 h old.
 */
export const FIAT_SYMBOLS: Record<FiatCode, string> = {
  USD: "$",
  CNY: "¥",
  GBP: "£",
  HKD: "HK$",
  JPY: "¥",
  EUR: "€",
  AED: "AED ",
  THB: "฿",
  PHP: "₱",
  SGD: "S$",
  VND: "₫",
};

export type Fiat = {
  code: FiatCode;
  symbol: string;
  /** Units of the fiat per 1 USD (decimal string). */
  rate: string;
  /** A USDT amount in the chosen fiat (unrounded; format with `fixed`). */
  toFiat: (usdtAmount: string | number | DecimalValue) => DecimalValue;
  /** A USDT amount shown in the chosen fiat, in its own decimals ("$1,234.57", "¥1,235" for JPY). */
  format: (usdtAmount: string | number | DecimalValue) => string;
};

/** The chosen display fiat, its current rate and a converter. */
export function useFiat(): Fiat {
  const chosen = useAtomValue(fiatAtom);
  const list = useAtomValue(fiatsAtom);
  const code = isFiat(chosen.currency_code) ? chosen.currency_code : "USD";
  const rate = list.find((r) => r.currency_code === code)?.rate ?? (code === chosen.currency_code ? chosen.rate : "1");
  return useMemo(() => {
    const factor = dec(rate);
    const symbol = FIAT_SYMBOLS[code];
    const toFiat = (amount: string | number | DecimalValue) => dec(amount as string).times(factor);
    return { code, symbol, rate, toFiat, format: (amount) => fiat(toFiat(amount), { code, symbol }) };
  }, [code, rate]);
}
