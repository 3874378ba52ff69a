import { b64url, fromB64url } from "../auth/password.ts";

/**
 * A conversion quote as a stateless token: the claims in base64url JSON, then an
 * HMAC-SHA256 over them. The key is derived from the password pepper under its
 * own label, so a quote signature can never stand in for anything else the
 * pepper protects. The token is a bearer of nothing but a promise to this user:
 * it is bound to the user, both coins, the amount paid and received, the prices
 * and the expiry, and the server refuses it for anyone or anything else.
 */

export type QuoteClaims = {
  /** User id. */
  uid: number;
  /** Source and target currency ids. */
  from: number;
  to: number;
  /** Minor units paid, of which `fee` is the fee; `recv` minor units of the target received. */
  units: number;
  fee: number;
  recv: number;
  /** The USDT prices the amounts were computed at (decimal text). */
  fp: string;
  tp: string;
  /** Epoch ms after which the quote is refused. */
  exp: number;
  /** Random: makes each quote single-use (the conversion's journal key). */
  n: string;
};

const LABEL = "edge-exchange/conversion-quote/v1";
const enc = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(pepper: string): Promise<CryptoKey> {
  let key = keys.get(pepper);
  if (!key) {
    key = (async () => {
      const master = await crypto.subtle.importKey("raw", enc.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const derived = await crypto.subtle.sign("HMAC", master, enc.encode(LABEL));
      return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    })();
    keys.set(pepper, key);
  }
  return key;
}

export const newQuoteNonce = (): string => b64url(crypto.getRandomValues(new Uint8Array(12)));

export async function signQuote(pepper: string, claims: QuoteClaims): Promise<string> {
  const body = b64url(enc.encode(JSON.stringify(claims)));
  const sig = await crypto.subtle.sign("HMAC", await keyFor(pepper), enc.encode(body));
  return `${body}.${b64url(new Uint8Array(sig))}`;
}

const TOKEN = /^([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/;
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 64;

/** The claims of a token this server signed, or null (malformed, forged or altered). */
export async function readQuote(pepper: string, token: string): Promise<QuoteClaims | null> {
  const m = TOKEN.exec(token);
  if (!m) return null;
  let sig: Uint8Array<ArrayBuffer>;
  try {
    sig = fromB64url(m[2]!);
  } catch {
    return null;
  }
  if (!(await crypto.subtle.verify("HMAC", await keyFor(pepper), sig, enc.encode(m[1]!)))) return null;
  let c: Partial<Record<keyof QuoteClaims, unknown>>;
  try {
    c = JSON.parse(new TextDecoder().decode(fromB64url(m[1]!))) as typeof c;
  } catch {
    return null;
  }
  const ints = [c.uid, c.from, c.to, c.units, c.fee, c.recv, c.exp];
  if (!ints.every(isInt) || ![c.fp, c.tp, c.n].every(isText)) return null;
  return c as QuoteClaims;
}
