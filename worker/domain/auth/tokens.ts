import { b64url } from "./password.ts";

/** 32 random bytes, URL-safe; what the client holds. Only its SHA-256 is stored. */
export const newToken = (): string => b64url(crypto.getRandomValues(new Uint8Array(32)));

const utf8 = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** Every request with a session hashes its token: one encoder and a byte-to-hex table instead of allocations per byte. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(text)));
  let hex = "";
  for (const b of digest) hex += HEX[b];
  return hex;
}
