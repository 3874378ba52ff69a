import { atom } from "jotai";
import type { UserInfo } from "../../../../schema/api/profile.ts";
import { persisted } from "../../lib/persist.ts";
import { STORED_TOKEN } from "../../lib/stored.ts";

/** The profile as GET /user/info answers it (the shared contract). */
export type User = UserInfo;

export const tokenAtom = persisted(STORED_TOKEN.key, STORED_TOKEN.initial);
export const userAtom = persisted<User | null>("user", null);
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== "");
