import type { OnrampCallback, OnrampMethod } from "../../../schema/api/onramp.ts";
import { b64url, fromB64url } from "../auth/password.ts";
import { pepperOf } from "../auth/pepper.ts";
import { type Env, isLocalEnvironment } from "../env.ts";

/**
 * Card and wallet payments go through a payment provider: the payer pays on the provider's hosted page (so no card
 * number ever reaches our API or storage), and the provider reports the payment to POST /onramp/callback, signed.
 * The only provider today is the local simulation (development and tests; a production Worker has none, so it offers
 * bank transfer only). A real provider implements this interface with its own checkout and signature scheme.
 */
export interface PaymentProvider {
  /** The hosted page where the payer of this order pays. */
  checkoutUrl(reference: string): string;
  /** True when the callback's signature is the provider's and it is fresh (not older than CALLBACK_MAX_AGE_MS). */
  verify(callback: OnrampCallback, now: number): Promise<boolean>;
}

/** A callback older than this is refused even with a valid signature: a captured one cannot be replayed later. */
export const CALLBACK_MAX_AGE_MS = 10 * 60 * 1000;

const LABEL = "edge-exchange/onramp-sim-provider/v1";
const enc = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The simulated provider's signing key: derived from the pepper under its own label, like the conversion quotes. */
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

/** Every signed field, in a fixed order, so no field can be changed or moved without breaking the signature. */
const signedText = (c: Omit<OnrampCallback, "sig">) => [c.reference, c.payment_id, c.amount, c.fiat, c.status, c.ts].join("|");

/** Signs a callback as the simulated provider does (its hosted page, and tests). */
export async function signSimCallback(pepper: string, c: Omit<OnrampCallback, "sig">): Promise<OnrampCallback> {
  const sig = await crypto.subtle.sign("HMAC", await keyFor(pepper), enc.encode(signedText(c)));
  return { ...c, sig: b64url(new Uint8Array(sig)) };
}

export function simulatedProvider(pepper: string): PaymentProvider {
  return {
    checkoutUrl: (reference) => `/api/onramp/sim/checkout?reference=${reference}`,
    async verify(c, now) {
      const age = now - Number(c.ts);
      if (age < -60_000 || age > CALLBACK_MAX_AGE_MS) return false;
      let sig: Uint8Array<ArrayBuffer>;
      try {
        sig = fromB64url(c.sig);
      } catch {
        return false;
      }
      return crypto.subtle.verify("HMAC", await keyFor(pepper), sig, enc.encode(signedText(c)));
    },
  };
}

/** The provider this Worker uses, or null: the simulation only where the environment is local, never in production. */
export function paymentProvider(env: Pick<Env, "ENVIRONMENT" | "PASSWORD_PEPPER">): PaymentProvider | null {
  return isLocalEnvironment(env) ? simulatedProvider(pepperOf(env)) : null;
}

/** The methods offered: bank transfer always, card and wallet when a provider is configured. */
export const offeredMethods = (provider: PaymentProvider | null): OnrampMethod[] => (provider ? ["bank", "card", "wallet"] : ["bank"]);
