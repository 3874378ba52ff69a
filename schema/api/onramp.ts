import { Decimal } from "decimal.js";
import * as z from "zod/mini";
import { email, id, limit, page, text, trimmed } from "./fields.ts";

/**
 * Buy crypto with fiat (the spec's on-ramp, page otc): the catalogue, the contracts and the conversion rule, shared by
 * the worker (which stores and credits with them) and the pages (which show them before the user confirms). Pure.
 *   usdt = floor(amount / rate, 6 decimals), rate = units of the fiat per 1 USD (USD is 1; USD to USDT is 1:1).
 * A fiat is offered only where a daily rate is stored for it, so a country whose own currency has none pays in USD.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });

export const ONRAMP_METHODS = ["bank", "card", "wallet"] as const;
export type OnrampMethod = (typeof ONRAMP_METHODS)[number];

/** Minimum and maximum of one order, whole units of the fiat. */
export type FiatLimits = { min: number; max: number };
export const FIAT_LIMITS: Record<string, FiatLimits> = {
  USD: { min: 10, max: 1_000_000 },
  THB: { min: 350, max: 35_000_000 },
  VND: { min: 250_000, max: 25_000_000_000 },
  PHP: { min: 550, max: 55_000_000 },
};

export const ONRAMP_COUNTRY_CODES = ["US", "NG", "TH", "ID", "BR", "IN", "VN", "MX", "PH"] as const;
export type OnrampCountryCode = (typeof ONRAMP_COUNTRY_CODES)[number];
export type OnrampCountry = { code: OnrampCountryCode; fiats: readonly string[]; banks: readonly string[] };
export const ONRAMP_COUNTRIES: readonly OnrampCountry[] = [
  { code: "US", fiats: ["USD"], banks: ["JPMorgan Chase", "Bank of America", "Wells Fargo", "Citibank"] },
  { code: "NG", fiats: ["USD"], banks: ["Access Bank", "Zenith Bank", "Guaranty Trust Bank", "First Bank of Nigeria"] },
  { code: "TH", fiats: ["THB", "USD"], banks: ["Bangkok Bank", "Kasikornbank", "Siam Commercial Bank", "Krungthai Bank"] },
  { code: "ID", fiats: ["USD"], banks: ["Bank Central Asia", "Bank Mandiri", "Bank Rakyat Indonesia", "Bank Negara Indonesia"] },
  { code: "BR", fiats: ["USD"], banks: ["Itaú Unibanco", "Banco do Brasil", "Bradesco", "Caixa Econômica Federal"] },
  { code: "IN", fiats: ["USD"], banks: ["State Bank of India", "HDFC Bank", "ICICI Bank", "Axis Bank"] },
  { code: "VN", fiats: ["VND", "USD"], banks: ["Vietcombank", "VietinBank", "BIDV", "Techcombank"] },
  { code: "MX", fiats: ["USD"], banks: ["BBVA México", "Banorte", "Santander México", "Citibanamex"] },
  { code: "PH", fiats: ["PHP", "USD"], banks: ["BDO Unibank", "Bank of the Philippine Islands", "Metrobank", "Landbank"] },
];
export const countryOf = (code: string): OnrampCountry | undefined => ONRAMP_COUNTRIES.find((c) => c.code === code);

/** How long a bank-transfer order waits for the money before the scheduled job cancels it. */
export const PAY_WINDOW_MS = 2 * 60 * 60 * 1000;

/** USDT minor units (6 decimals) bought by `amount` whole fiat units at `rate` fiat per USD, rounded down (the house's favour). */
export function usdtUnits(amount: number, rate: string): number {
  return new D(amount).div(rate).times(1_000_000).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

/** Order states: 1 to be paid, 2 payment successful (USDT credited), 3 cancelled. */
export type OnrampStatus = 1 | 2 | 3;

/** An integer amount of the fiat, whole units. */
const wholeAmount = () =>
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^[1-9]\d{0,14}$/.test(s)) {
        ctx.issues.push({ code: "custom", input: v, message: "ONRAMP_AMOUNT_INTEGER" });
        return z.NEVER;
      }
      return Number(s);
    }),
  );

const code = (max: number) => z.pipe(trimmed(), z.string().check(z.regex(new RegExp(`^[A-Z]{2,${max}}$`), { error: "PARAMETER_ERROR" })));

export const onrampOrderSchema = z.strictObject({
  country: code(2),
  fiat: code(3),
  method: z.enum(ONRAMP_METHODS, { error: "PARAMETER_ERROR" }),
  bank: text(1, 60),
  amount: wholeAmount(),
  first_name: text(1, 50, "ONRAMP_INVALID_NAME"),
  last_name: text(1, 50, "ONRAMP_INVALID_NAME"),
  email: email(),
  phone: z.pipe(trimmed(), z.string().check(z.regex(/^\+?\d{6,15}$/, { error: "ONRAMP_INVALID_PHONE" }))),
  tax_id: z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9 .\-/]{3,29}$/, { error: "ONRAMP_INVALID_TAX_ID" }))),
});
export type OnrampOrderInput = z.infer<typeof onrampOrderSchema>;

/** A payment provider's callback: the payment of an order's reference, signed by the provider. */
export const onrampCallbackSchema = z.strictObject({
  reference: z.pipe(trimmed(), z.string().check(z.regex(/^EX[A-Z2-9]{10}$/, { error: "PARAMETER_ERROR" }))),
  payment_id: z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "PARAMETER_ERROR" }))),
  amount: wholeAmount(),
  fiat: code(3),
  status: z.enum(["paid", "failed"], { error: "PARAMETER_ERROR" }),
  ts: z.pipe(trimmed(), z.string().check(z.regex(/^\d{13}$/, { error: "PARAMETER_ERROR" }))),
  sig: z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "ONRAMP_CALLBACK_INVALID" }))),
});
export type OnrampCallback = z.infer<typeof onrampCallbackSchema>;

/** The simulated provider's hosted checkout: what the payer types there (never sent to our API). */
export const simCheckoutSchema = z.strictObject({ reference: onrampCallbackSchema.shape.reference });
export const simPaySchema = z.strictObject({
  reference: onrampCallbackSchema.shape.reference,
  account: z.pipe(trimmed(), z.string().check(z.regex(/^[0-9 ]{8,23}$|^[A-Za-z0-9@._+-]{3,64}$/, { error: "PARAMETER_ERROR" }))),
  outcome: z.enum(["paid", "failed"], { error: "PARAMETER_ERROR" }),
});

export const onrampIdSchema = z.strictObject({ id: id() });
export const adminOnrampCancelSchema = z.strictObject({ id: id(), reason: text(1, 200) });
export const onrampListSchema = z.strictObject({ page: page(), limit: limit(100, 10) });
export const adminOnrampListSchema = z.strictObject({
  page: page(),
  limit: limit(100, 20),
  status: z.optional(z.pipe(z.string(), z.enum(["1", "2", "3"]))),
});

export type OnrampFiatView = { code: string; min: number; max: number; rate: string; rate_updated_at: number };
export type OnrampConfigView = {
  countries: { code: string; fiats: OnrampFiatView[]; banks: string[] }[];
  methods: OnrampMethod[];
  pay_window_ms: number;
};

export type ReceivingAccount = { bank: string; account_name: string; account_number: string; demo: boolean };

export type OnrampOrderView = {
  id: number;
  /** The console's list only: the owner's id, uid and log-in email. */
  user_id?: number;
  uid?: string;
  account?: string | null;
  reference: string;
  country: string;
  fiat: string;
  method: OnrampMethod;
  bank: string;
  amount: number;
  rate: string;
  usdt: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  tax_id: string;
  receiving: ReceivingAccount;
  status: OnrampStatus;
  expires_at: number;
  created_at: number;
  paid_at: number | null;
  cancelled_at: number | null;
  first_approved_by: number | null;
  /** Card and wallet orders still to be paid: the provider's hosted page where the payer pays. */
  checkout_url?: string;
};
