import type { Env } from "../env.ts";

/**
 * The server-side secret mixed into password and code hashes. A Worker
 * without it must not hash anything (a 500, logged), rather than hash with "".
 */
export function pepperOf(env: Pick<Env, "PASSWORD_PEPPER">): string {
  const pepper = env.PASSWORD_PEPPER;
  if (!pepper) throw new Error("PASSWORD_PEPPER is not configured");
  return pepper;
}
