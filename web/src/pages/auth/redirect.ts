/** Only in-app paths are followed after log-in (no "//host" or "https:" open redirects, no loop to the auth pages). */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return "/";
  if (/^\/(login|register|forget|area)(\/|\?|$)/.test(target)) return "/";
  return target;
}

/** What the log-in form may be opened with (after sign-up or a reset), passed as router state, not in the URL. */
export type LoginPrefill = { type: "email" | "mobile"; account: string; areaIso?: string };

export const isLoginPrefill = (value: unknown): value is LoginPrefill => {
  const v = value as LoginPrefill | null;
  return !!v && (v.type === "email" || v.type === "mobile") && typeof v.account === "string";
};
