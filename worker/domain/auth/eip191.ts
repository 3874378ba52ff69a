import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Ethereum personal_sign (EIP-191 version 0x45) without a runtime: pure
 * functions over @noble, so they are tested in node and used in the Worker.
 */

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`), body));
}

/** The lower-case 0x address of an uncompressed (65-byte) or compressed public key. */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
}

/**
 * The signer of a 65-byte r‖s‖v signature (v 27/28 or 0/1) over message, as a
 * lower-case address; null when the signature is malformed or recovers nothing.
 */
export function recoverPersonalSigner(message: string, signatureHex: string): string | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signatureHex)) return null;
  const sig = hexToBytes(signatureHex.slice(2));
  const v = sig[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const recovered = concatBytes(Uint8Array.of(recovery), sig.subarray(0, 64));
    const point = secp256k1.Signature.fromBytes(recovered, "recovered").recoverPublicKey(personalMessageHash(message));
    return addressOfPublicKey(point.toBytes(false));
  } catch {
    return null;
  }
}

/** EIP-55 mixed-case checksum form of an address (what EIP-4361 messages carry). */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, "");
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}
