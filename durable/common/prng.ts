/**
 * xoshiro128** (Blackman and Vigna): a small, fast, deterministic PRNG whose
 * whole state is four 32-bit words, so the price simulator can persist it and
 * continue the same sequence after a restart. Seeded from crypto random; never
 * Math.random. Not for secrets.
 */
export type PrngState = [number, number, number, number];

export class Prng {
  private s: Uint32Array;

  constructor(state: PrngState) {
    this.s = Uint32Array.from(state);
    if (this.s.every((w) => w === 0)) this.s[0] = 1; // the all-zero state is a fixed point
  }

  /** A fresh state from the platform's cryptographic random source. */
  static seed(): PrngState {
    const words = crypto.getRandomValues(new Uint32Array(4));
    return [words[0]!, words[1]!, words[2]!, words[3]!];
  }

  state(): PrngState {
    return [this.s[0]!, this.s[1]!, this.s[2]!, this.s[3]!];
  }

  /** The next 32 random bits. */
  nextU32(): number {
    const s = this.s;
    let s0 = s[0]!;
    let s1 = s[1]!;
    let s2 = s[2]!;
    let s3 = s[3]!;
    const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    s2 = (s2 ^ s0) >>> 0;
    s3 = (s3 ^ s1) >>> 0;
    s1 = (s1 ^ s2) >>> 0;
    s0 = (s0 ^ s3) >>> 0;
    s2 = (s2 ^ t) >>> 0;
    s3 = rotl(s3, 11);
    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
    return result;
  }

  /** Uniform in (0, 1]: never 0, so log() is safe. */
  nextUnit(): number {
    return (this.nextU32() + 1) / 4294967296;
  }

  /** Standard normal (Box-Muller). */
  nextGaussian(): number {
    const u1 = this.nextUnit();
    const u2 = this.nextUnit();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
