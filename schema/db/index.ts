export * from "./accounts.ts";
export * from "./content.ts";
