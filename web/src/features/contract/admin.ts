import type { AdminContractLog, AdminContractPair, AdminContracts } from "../../../../schema/api/admin-contracts.ts";
import { get, post, type RequestOptions } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

export type { AdminContractLog, AdminContractPair, AdminContracts };

/** Operator console: contract pairs, the insurance account, liquidation and overnight-fee logs (/admin/contracts). */

export const adminContractsQuery: QueryDef<AdminContracts> = {
  key: [Q.admin, "contracts"],
  load: () => get<AdminContracts>("/admin/contracts", {}, { silent: true, background: true }),
};

export type ContractPatch = { market_id: number } & Partial<Record<ContractField, string>>;
export const CONTRACT_FIELDS = [
  "multiples",
  "lot_size",
  "min_lots",
  "max_lots",
  "spread",
  "fee_rate",
  "overnight_rate",
  "hazard_rate",
] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number] | "limit_entry" | "stops" | "enabled";

/** Saves changed fields (audited); users' terms change with it. */
export const saveContract = mutation(
  (patch: ContractPatch, options: RequestOptions = {}) => post<AdminContractPair>("/admin/contracts", patch, options),
  [[Q.admin, "contracts"], [Q.contracts]],
);

export const fetchContractLog = (kind: "liquidation" | "overnight", page: number) =>
  get<AdminContractLog>("/admin/contracts/log", { kind, page, limit: 20 }, { silent: true, background: true });
