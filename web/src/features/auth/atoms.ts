import { persisted } from "../../lib/persist.ts";
import { DEFAULT_AREA } from "./area-codes.ts";

/** The country (ISO code) last picked for phone numbers; the spec's default is +86. */
export const areaIsoAtom = persisted<string>("areaIso", DEFAULT_AREA.iso);

/**
 * "Remember me": ONLY the account name and how it was typed. The password is
 * never stored anywhere (the original kept it in plain text in localStorage).
 */
export type RememberedAccount = { type: "email" | "mobile"; account: string; areaIso: string };
export const rememberedAccountAtom = persisted<RememberedAccount | null>("rememberedAccount", null);
