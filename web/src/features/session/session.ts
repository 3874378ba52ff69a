import { get } from "../../lib/api.ts";
import { type QueryDef, queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { store } from "../../lib/ui.ts";
import { tokenAtom, type User, userAtom } from "./atoms.ts";

type ReadOptions = { silent?: boolean; background?: boolean };

/** GET /user/info into userAtom (the profile the pages read); a log-out while the answer was on its way wins. */
async function readUser(owner: string, options: ReadOptions): Promise<User> {
  const user = await get<User>("/user/info", {}, options);
  if (store.get(tokenAtom) === owner) store.set(userAtom, user);
  return user;
}

/** The profile, read fresh on every mount (it decides forms, e.g. whether a password is set). */
export const userQuery = (owner: string): QueryDef<User> => ({
  key: [Q.user, owner],
  load: () => readUser(owner, { silent: true, background: true }),
});

/** Reads the profile now; calls made while one is running share it. */
export function loadUser(options: ReadOptions = {}): Promise<User> {
  const owner = store.get(tokenAtom);
  return queryClient.fetch([Q.user, owner], () => readUser(owner, options));
}

/** Reloads the profile quietly after the user changed it; a failure keeps the stored copy until the next load. */
export async function refreshUser(): Promise<void> {
  await loadUser({ silent: true, background: true }).catch(() => undefined);
}

/**
 * After a successful log-in: keep the token, then load the profile. If the
 * profile cannot be loaded the session is not kept half-open.
 */
export async function startSession(token: string): Promise<User> {
  store.set(tokenAtom, token);
  try {
    return await loadUser();
  } catch (err) {
    clearSession();
    throw err;
  }
}

/** Log-out or a 999: token and user are gone (the realtime socket closes with them). */
export function clearSession(): void {
  store.set(tokenAtom, "");
  store.set(userAtom, null);
}

/**
 * Every cached answer belongs to the session that read it: when the token changes
 * (log-in, log-out, a 999, another tab), the cache is emptied, so another log-in never
 * sees the previous figures. Called once at start.
 */
export function clearCacheOnSessionChange(): () => void {
  let current = store.get(tokenAtom);
  return store.sub(tokenAtom, () => {
    const next = store.get(tokenAtom);
    if (next === current) return;
    current = next;
    queryClient.clear();
  });
}
