import { describe, expect, it } from "vitest";
import {
  canonicalAddress,
  chainsForCurrency,
  detectChain,
  isBtcAddress,
  isEthAddress,
  isTronAddress,
} from "../../worker/domain/wallet-addresses/formats.ts";

describe("withdrawal address formats", () => {
  it("BTC: base58check P2PKH and P2SH, bech32 v0 and bech32m v1 on mainnet", () => {
    for (const valid of [
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", // P2PKH
      "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", // P2SH
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", // P2WPKH
      "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", // BIP-173 vector, upper case
      "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", // P2WSH
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", // taproot (BIP-350)
    ]) {
      expect(isBtcAddress(valid), valid).toBe(true);
    }
    for (const invalid of [
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", // checksum
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN", // truncated
      "2NBFNJTktNa7GZusGbDbGKRZTxdK9VVez3n", // testnet P2SH
      "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", // testnet P2PKH
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7Div0Na", // '0' is not base58
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr", // checksum
      "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", // testnet
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", // v1 with a bech32 (not bech32m) checksum
      "bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", // mixed case
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "",
    ]) {
      expect(isBtcAddress(invalid), invalid).toBe(false);
    }
  });

  it("ETH: 0x + 40 hex; mixed case must carry a valid EIP-55 checksum", () => {
    expect(isEthAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(true);
    expect(isEthAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(true);
    expect(isEthAddress("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED")).toBe(true);
    expect(isEthAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false); // one letter's case flipped
    expect(isEthAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae")).toBe(false); // 39 hex
    expect(isEthAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaedd")).toBe(false); // 41 hex
    expect(isEthAddress("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00")).toBe(false); // no 0x
    expect(isEthAddress("0xg aeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(false);
    expect(canonicalAddress("ETH", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  });

  it("TRON: T + 33 base58 characters with a valid base58check (version 0x41)", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false); // checksum
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6")).toBe(false); // 33 characters
    expect(isTronAddress("tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(false);
    expect(isTronAddress("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
  });

  it("picks the chain by currency name; USDT accepts Ethereum or TRON", () => {
    expect(chainsForCurrency("BTC")).toEqual(["BTC"]);
    expect(chainsForCurrency("eth")).toEqual(["ETH"]);
    expect(chainsForCurrency("USDC")).toEqual(["ETH"]);
    expect(chainsForCurrency("USDT ERC20")).toEqual(["ETH"]);
    expect(chainsForCurrency("USDT-ERC20")).toEqual(["ETH"]);
    expect(chainsForCurrency("USDT-TRC20")).toEqual(["TRON"]);
    expect(chainsForCurrency("TRX")).toEqual(["TRON"]);
    expect(chainsForCurrency("USDT")).toEqual(["ETH", "TRON"]);
    expect(chainsForCurrency("DOGE")).toBeNull();
    expect(detectChain(["ETH", "TRON"], "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("TRON");
    expect(detectChain(["ETH", "TRON"], "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("ETH");
    expect(detectChain(["ETH", "TRON"], "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBeNull();
  });
});
