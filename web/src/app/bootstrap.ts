import i18next from "i18next";
import { langAtom } from "../features/preferences/atoms.ts";
import { tokenAtom, userAtom } from "../features/session/atoms.ts";
import { clearCacheOnSessionChange } from "../features/session/session.ts";
import { configureApi } from "../lib/api.ts";
import { REDIRECT_DELAY_MS, pendingAtom, store, toast } from "../lib/ui.ts";
import { navigateTo } from "./navigation.ts";

/** Wires the API client to the app's state, toasts and router. */
export function wireApi(): void {
  clearCacheOnSessionChange();
  configureApi({
    token: () => store.get(tokenAtom),
    lang: () => store.get(langAtom),
    notify: toast,
    sessionEnded: () => {
      store.set(tokenAtom, "");
      store.set(userAtom, null);
      setTimeout(() => navigateTo("/login", { replace: true }), REDIRECT_DELAY_MS);
    },
    verificationRequired: () => {
      setTimeout(() => navigateTo("/setting/real_mark"), REDIRECT_DELAY_MS);
    },
    pending: (delta) => store.set(pendingAtom, (n) => Math.max(0, n + delta)),
    text: (key) => i18next.t(`common.${key}`),
  });
}
