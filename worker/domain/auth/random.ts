/**
 * Unbiased random choices from crypto.getRandomValues (never Math.random):
 * 32-bit draws above the largest multiple of the range are thrown away.
 */
export function randomInt(maxExclusive: number): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) throw new RangeError("bad range");
  const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % maxExclusive;
  }
}

/** n random decimal digits, leading zeros allowed (verification codes). */
export const randomDigits = (n: number): string => Array.from({ length: n }, () => String(randomInt(10))).join("");

/** The public account number: 8 digits, never starting with 0. */
export const randomUid = (): string => String(10_000_000 + randomInt(90_000_000));

/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L. */
const INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** An invite code of 6 to 8 characters. */
export const randomInviteCode = (): string => {
  const length = 6 + randomInt(3);
  return Array.from({ length }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join("");
};
