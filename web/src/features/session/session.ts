import { get } from "../../lib/api.ts";
import { store } from "../../lib/ui.ts";
import { tokenAtom, type User, userAtom } from "./atoms.ts";

let inFlight: Promise<User> | null = null;

/** GET /user/info into userAtom (the profile the pages read). Calls made while one is running share it. */
export function loadUser(options: { silent?: boolean; background?: boolean } = {}): Promise<User> {
  inFlight ??= get<User>("/user/info", {}, options)
    .then((user) => {
      // A log-out while the answer was on its way wins.
      if (store.get(tokenAtom)) store.set(userAtom, user);
      return user;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
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
