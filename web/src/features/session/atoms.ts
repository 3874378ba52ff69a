import { atom } from "jotai";
import { persisted } from "../../lib/persist.ts";

/** The profile as GET /user/info answers it (fields the pages read). */
export type User = {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  account_number: string;
  nickname: string;
  signature: string;
  head_portrait: string;
  score: number;
  level: number;
  extension_code: string;
  wallet_address: string | null;
  has_pay_password: boolean;
  role: "user" | "operator" | "system";
  real_state: { level: number; status: "noaudit" | "auditing" | "hasaudit" | "failed" };
};

export const tokenAtom = persisted<string>("token", "");
export const userAtom = persisted<User | null>("user", null);
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== "");
