export * from "./accounts.ts";
export * from "./content.ts";
export * from "./audit.ts";
export * from "./bank-cards.ts";
export * from "./wallet-addresses.ts";
export * from "./money.ts";
export * from "./markets.ts";
export * from "./contracts.ts";
