import { atom, getDefaultStore } from "jotai";

/** App-wide feedback that non-React code (the API client) can raise too. */
export const store = getDefaultStore();

export const TOAST_MS = 1500;
export const REDIRECT_DELAY_MS = 1200;
export const LOADING_DELAY_MS = 800;

export type Toast = { id: number; message: string };
export const toastAtom = atom<Toast | null>(null);
let toastSeq = 0;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

export function toast(message: string): void {
  toastSeq += 1;
  store.set(toastAtom, { id: toastSeq, message });
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => store.set(toastAtom, null), TOAST_MS);
}

/** Requests in flight; the loading view shows when this stays above zero for 800 ms. */
export const pendingAtom = atom(0);

export type ConfirmRequest = { title: string; message: string; confirmText?: string; cancelText?: string; resolve: (ok: boolean) => void };
export const confirmAtom = atom<ConfirmRequest | null>(null);

/** The one confirmation prompt: resolves true when the user confirms. */
export function confirmDialog(request: Omit<ConfirmRequest, "resolve">): Promise<boolean> {
  return new Promise((resolve) => {
    store.get(confirmAtom)?.resolve(false);
    store.set(confirmAtom, {
      ...request,
      resolve: (ok) => {
        store.set(confirmAtom, null);
        resolve(ok);
      },
    });
  });
}
