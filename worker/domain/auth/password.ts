/**
 * Password hashing: PBKDF2-SHA256 over HMAC(pepper, password), with a per-hash
 * random salt, in a versioned text format so parameters can change later:
 *   pbkdf2-sha256$v1$<iterations>$<salt base64url>$<hash base64url>
 * Cloudflare Workers cap PBKDF2 at 100,000 iterations; a test pins that.
 * Pure WebCrypto, so the seed script in Node uses the same code.
 */
export const PBKDF2_ITERATIONS = 100_000;
const FORMAT = "pbkdf2-sha256";
const VERSION = "v1";

const enc = new TextEncoder();

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return [FORMAT, VERSION, String(PBKDF2_ITERATIONS), b64url(salt), b64url(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [format, version, iterText, saltText, hashText] = stored.split("$");
  if (format !== FORMAT || version !== VERSION || !iterText || !saltText || !hashText) return false;
  const iterations = Number(iterText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const actual = await derive(password, pepper, fromB64url(saltText), iterations);
  return constantTimeEqual(actual, fromB64url(hashText));
}

/** A hash of a random password, so unknown accounts take as long to reject as known ones. */
export const dummyHash = `${FORMAT}$${VERSION}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const pepperKey = await crypto.subtle.importKey("raw", enc.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const peppered = await crypto.subtle.sign("HMAC", pepperKey, enc.encode(password));
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const byte of bytes) s += String.fromCharCode(byte);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
}
