import type { QueryKey } from "./client.ts";

/**
 * The first part of every cache key, in one place, so a write can name what it
 * changed in another feature (an order changes the wallet) without importing it.
 * Keys of a user's own data carry the owner (the session token) second.
 */
export const Q = {
  user: "user",
  wallet: "wallet",
  coins: "coins",
  coinInfo: "coin-info",
  depositAddresses: "deposit-addresses",
  ledger: "ledger",
  deposits: "deposits",
  withdrawals: "withdrawals",
  transfers: "transfers",
  conversions: "conversions",
  fiatRates: "fiat-rates",
  spotBalance: "spot-balance",
  orders: "orders",
  favourites: "favourites",
  quotations: "quotations",
  market: "market",
  content: "content",
  kyc: "kyc",
  bankCard: "bank-card",
  walletAddresses: "wallet-addresses",
  admin: "admin",
  earn: "earn",
  messages: "messages",
  seconds: "seconds",
  trail: "trail",
  contracts: "contracts",
  onramp: "onramp",
  stocks: "stocks",
  activity: "activity",
  loans: "loans",
  quiz: "quiz",
  nft: "nft",
  nftAuction: "nft-auction",
  invite: "invite",
  coupons: "coupons",
  nftBox: "nft-box",
  follow: "follow",
} as const;

/** Everything a balance change alters: the wallet, the ledger, the spot balances and the per-coin figures. */
export const BALANCE_KEYS: readonly QueryKey[] = [[Q.wallet], [Q.ledger], [Q.spotBalance], [Q.coinInfo]];
