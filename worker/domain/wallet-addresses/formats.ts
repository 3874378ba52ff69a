import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Chain } from "../../../schema/api/wallet-addresses.ts";

/**
 * Withdrawal address formats, pure. Checksums are verified, not only shapes:
 * a mistyped character in a withdrawal address would send funds nowhere.
 *  - BTC: base58check P2PKH ("1…") or P2SH ("3…"), 25-34 characters, mainnet
 *    versions 0x00 / 0x05; or segwit bech32 (v0) / bech32m (v1+) "bc1…".
 *  - ETH (and ERC-20 tokens): "0x" + 40 hex; mixed case must be a valid EIP-55 checksum.
 *  - TRON: "T" + 33 base58 characters, base58check with version 0x41.
 */

export { type Chain, chainsForCurrency } from "../../../schema/api/wallet-addresses.ts";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

export function base58Decode(s: string): Uint8Array | null {
  let n = 0n;
  for (const ch of s) {
    const v = BASE58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of s) {
    if (ch !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** The payload (version byte first) of a valid base58check string, else null. */
function base58Check(s: string): Uint8Array | null {
  const raw = base58Decode(s);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return check.every((b, i) => b === raw[raw.length - 4 + i]) ? payload : null;
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!;
  }
  return chk >>> 0;
}

function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & maxv);
    }
  }
  if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null;
  return out;
}

/** BIP-173 / BIP-350 segwit address on mainnet ("bc"). */
export function isSegwitAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const s = address.toLowerCase();
  if (s.length < 14 || s.length > 90) return false;
  const sep = s.lastIndexOf("1");
  if (sep < 1 || s.slice(0, sep) !== "bc" || s.length - sep - 1 < 7) return false;
  const data: number[] = [];
  for (const ch of s.slice(sep + 1)) {
    const v = BECH32.indexOf(ch);
    if (v < 0) return false;
    data.push(v);
  }
  const hrp = [..."bc"].map((c) => c.charCodeAt(0));
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31)];
  const constant = polymod([...expanded, ...data]);
  const version = data[0]!;
  if (version > 16) return false;
  if (constant !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  const program = convertBits(data.slice(1, -6), 5, 8);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

export function isBtcAddress(address: string): boolean {
  if (/^[13][1-9A-HJ-NP-Za-km-z]{24,33}$/.test(address)) {
    const payload = base58Check(address);
    return payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  }
  return /^bc1/i.test(address) && isSegwitAddress(address);
}

/** EIP-55 mixed-case checksum form of a 0x address. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  return `0x${[...hex].map((ch, i) => (parseInt(hash[i]!, 16) >= 8 ? ch.toUpperCase() : ch)).join("")}`;
}

export function isEthAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const payload = base58Check(address);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

const VALIDATORS: Record<Chain, (address: string) => boolean> = { BTC: isBtcAddress, ETH: isEthAddress, TRON: isTronAddress };

/** The first accepted chain whose format the address matches, else null. */
export function detectChain(chains: readonly Chain[], address: string): Chain | null {
  return chains.find((chain) => VALIDATORS[chain](address)) ?? null;
}

/** The form an address is stored in: EIP-55 for Ethereum, lower case for bech32, as given otherwise. */
export function canonicalAddress(chain: Chain, address: string): string {
  if (chain === "ETH") return toChecksumAddress(address);
  if (chain === "BTC" && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}
