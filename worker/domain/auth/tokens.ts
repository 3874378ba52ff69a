import { b64url } from "./password.ts";

/** 32 random bytes, URL-safe; what the client holds. Only its SHA-256 is stored. */
export const newToken = (): string => b64url(crypto.getRandomValues(new Uint8Array(32)));

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
