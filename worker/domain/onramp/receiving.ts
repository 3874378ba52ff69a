import type { ReceivingAccount } from "../../../schema/api/onramp.ts";

/**
 * Where a bank-transfer payer sends the money, per country. These are placeholders flagged `demo` (the page warns
 * about them, like the seeded deposit addresses) until the operator's real collection accounts are configured.
 */
const ACCOUNTS: Record<string, Omit<ReceivingAccount, "demo">> = {
  US: { bank: "JPMorgan Chase", account_name: "Edge Exchange Ltd", account_number: "021000021-000123456789" },
  NG: { bank: "Access Bank", account_name: "Edge Exchange Ltd", account_number: "0690000031" },
  TH: { bank: "Bangkok Bank", account_name: "Edge Exchange Ltd", account_number: "123-4-56789-0" },
  ID: { bank: "Bank Central Asia", account_name: "Edge Exchange Ltd", account_number: "0123456789" },
  BR: { bank: "Itaú Unibanco", account_name: "Edge Exchange Ltd", account_number: "0341-12345-6" },
  IN: { bank: "State Bank of India", account_name: "Edge Exchange Ltd", account_number: "00000012345678901" },
  VN: { bank: "Vietcombank", account_name: "Edge Exchange Ltd", account_number: "0011001234567" },
  MX: { bank: "BBVA México", account_name: "Edge Exchange Ltd", account_number: "012180001234567897" },
  PH: { bank: "BDO Unibank", account_name: "Edge Exchange Ltd", account_number: "001234567890" },
};

export const receivingAccount = (country: string): ReceivingAccount => ({ ...ACCOUNTS[country]!, demo: true });
