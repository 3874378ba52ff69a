import { type Currency, userAmount } from "../wallet/currencies.ts";

/** A typed amount in minor units where zero is a valid answer (an unset increment or deposit); the caller decides if zero is allowed. */
export const amountOrZero = (currency: Currency, text: string): number => (/^0+(?:\.0+)?$/.test(text) ? 0 : userAmount(currency, text));
