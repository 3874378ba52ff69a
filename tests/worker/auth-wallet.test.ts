import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { WalletNonce } from "../../schema/api/auth.ts";
import { recoverPersonalSigner, toChecksumAddress } from "../../worker/domain/auth/eip191.ts";
import { signInMessage } from "../../worker/domain/auth/wallet.ts";
import { api } from "./helpers.ts";
import { freshIp, get, post } from "./auth-support.ts";

/** The web3.js documentation key, so the recovery can be checked against a published vector. */
const DOC_KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const DOC_ADDRESS = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23";
const DOC_SIGNATURE =
  "0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c";

type Wallet = { key: Uint8Array; address: string };

let keySeq = 0;
/** A distinct fixed test key per call (deterministic, never random). */
function testWallet(): Wallet {
  keySeq += 1;
  const key = keccak_256(utf8ToBytes(`edge-exchange test wallet ${keySeq}`));
  const pub = secp256k1.getPublicKey(key, false);
  return { key, address: `0x${bytesToHex(keccak_256(pub.subarray(1)).subarray(-20))}` };
}

/** personal_sign as a wallet does it: r‖s‖v with v = 27 + recovery, written independently of the server code. */
function personalSign(message: string, key: Uint8Array): string {
  const body = utf8ToBytes(message);
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const hash = keccak_256(new Uint8Array([...prefix, ...body]));
  const sig = secp256k1.sign(hash, key, { prehash: false, format: "recovered" });
  return `0x${bytesToHex(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`;
}

async function nonceFor(wallet: Wallet, client: { ip: string }, chainId = "1") {
  const res = await get<WalletNonce>(`/user/wallet/nonce?wallet_address=${wallet.address}&chain_id=${chainId}`, client);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.message;
}

const signIn = (
  path: "/user/wallet/login" | "/user/wallet/register",
  wallet: Wallet,
  message: string,
  client: { ip: string; lang?: string },
  extra: Record<string, string> = {},
) =>
  post<string>(
    path,
    {
      wallet_address: wallet.address,
      signature: personalSign(message, wallet.key),
      message,
      chain_id: "1",
      wallet_type: "metamask",
      ...extra,
    },
    client,
  );

const userByWallet = (address: string) =>
  env.DB.prepare("SELECT id, email, password_hash, nickname FROM users WHERE wallet_address = ?")
    .bind(address.toLowerCase())
    .first<{ id: number; email: string | null; password_hash: string | null; nickname: string }>();

describe("EIP-191 recovery", () => {
  it("recovers the published web3.js vector and writes its EIP-55 checksum", () => {
    expect(recoverPersonalSigner("Some data", DOC_SIGNATURE)).toBe(DOC_ADDRESS.toLowerCase());
    expect(toChecksumAddress(DOC_ADDRESS.toLowerCase())).toBe(DOC_ADDRESS);
    const ours = personalSign("Some data", hexToBytes(DOC_KEY));
    expect(recoverPersonalSigner("Some data", ours)).toBe(DOC_ADDRESS.toLowerCase());
  });

  it("recovers nothing from malformed or tampered signatures", () => {
    expect(recoverPersonalSigner("Some data", "0x1234")).toBeNull();
    expect(recoverPersonalSigner("Some data", `${DOC_SIGNATURE.slice(0, -2)}1d`)).toBeNull();
    expect(recoverPersonalSigner("Some data!", DOC_SIGNATURE)).not.toBe(DOC_ADDRESS.toLowerCase());
  });
});

describe("GET|POST /user/wallet/nonce", () => {
  it("issues a single-use EIP-4361 message naming the site, address, chain, nonce and a 5-minute expiry", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const before = Date.now();
    const res = await get<WalletNonce>(`/user/wallet/nonce?wallet_address=${wallet.address}&chain_id=0x38`, client);
    expect(res.status).toBe(200);
    const { nonce, message, expires_at } = res.body.message;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const lines = message.split("\n");
    expect(lines[0]).toBe("localhost wants you to sign in with your Ethereum account:");
    expect(lines[1]).toBe(toChecksumAddress(wallet.address));
    expect(message).toContain("\nURI: http://localhost\n");
    expect(message).toContain("\nChain ID: 56\n");
    expect(message).toContain(`\nNonce: ${nonce}\n`);
    expect(message).toMatch(/\nIssued At: \d{4}-\d\d-\d\dT[\d:.]+Z\nExpiration Time: \d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(expires_at - before).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(expires_at - before).toBeLessThanOrEqual(5 * 60_000 + 5000);
    const row = await env.DB.prepare("SELECT address, message, used_at FROM wallet_nonces WHERE nonce = ?").bind(nonce).first();
    expect(row).toEqual({ address: wallet.address, message, used_at: null });
  });

  it("answers POST too, and refuses a malformed address", async () => {
    const client = { ip: freshIp(), lang: "zh" };
    const wallet = testWallet();
    expect((await post("/user/wallet/nonce", { wallet_address: wallet.address }, client)).status).toBe(200);
    const bad = await post("/user/wallet/nonce", { wallet_address: "0x1234" }, client);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_WALLET_ADDRESS", message: "请提供有效的钱包地址" });
  });
});

describe("POST /user/wallet/register and /user/wallet/login", () => {
  it("register creates a password-less account for the wallet and answers a working token", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const res = await signIn("/user/wallet/register", wallet, await nonceFor(wallet, client), client);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^[\w-]{43}$/);
    const row = await userByWallet(wallet.address);
    expect(row).toMatchObject({ email: null, password_hash: null });
    expect(row!.nickname).toBe(`${wallet.address.slice(0, 4)}***${wallet.address.slice(-3)}`);
    expect((await get("/user/logout", client, res.body.message)).status).toBe(200);
  });

  it("register refuses a wallet that already has an account", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    expect((await signIn("/user/wallet/register", wallet, await nonceFor(wallet, client), client)).status).toBe(200);
    const again = await signIn("/user/wallet/register", wallet, await nonceFor(wallet, client), client);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ACCOUNT_EXISTS");
  });

  it("login answers the token with code 200 for a registered wallet, addressed in any letter case", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    await signIn("/user/wallet/register", wallet, await nonceFor(wallet, client), client);
    const { id } = (await userByWallet(wallet.address))!;
    const message = await nonceFor(wallet, client);
    const res = await post<string>(
      "/user/wallet/login",
      {
        wallet_address: toChecksumAddress(wallet.address),
        signature: personalSign(message, wallet.key),
        message,
        chain_id: "1",
        wallet_type: "metamask",
      },
      client,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: "ok", code: 200 });
    const session = await env.DB.prepare("SELECT user_id FROM sessions WHERE user_id = ?").bind(id).all();
    expect(session.results).toHaveLength(2);
  });

  it("login with an unregistered wallet registers it (one step for the client)", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    expect(await userByWallet(wallet.address)).toBeNull();
    const res = await signIn("/user/wallet/login", wallet, await nonceFor(wallet, client), client);
    expect(res.status).toBe(200);
    expect(await userByWallet(wallet.address)).not.toBeNull();
  });

  it("a signature by another key is refused, and the nonce stays usable", async () => {
    const client = { ip: freshIp(), lang: "fra" };
    const wallet = testWallet();
    const thief = testWallet();
    const message = await nonceFor(wallet, client);
    const res = await post(
      "/user/wallet/login",
      { wallet_address: wallet.address, signature: personalSign(message, thief.key), message },
      client,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });
    expect(res.body.message).toContain("Échec de la connexion par portefeuille");
    expect(await userByWallet(wallet.address)).toBeNull();
    expect((await signIn("/user/wallet/login", wallet, message, client)).status).toBe(200);
  });

  it("a signature presented for another address is refused", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const other = testWallet();
    const message = await nonceFor(wallet, client);
    const res = await post(
      "/user/wallet/login",
      { wallet_address: other.address, signature: personalSign(message, wallet.key), message },
      client,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("WALLET_SIGNATURE_INVALID");
    // A nonce issued for one address cannot sign in another, even signed by that other key.
    const crossed = await post(
      "/user/wallet/login",
      { wallet_address: other.address, signature: personalSign(message, other.key), message },
      client,
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe("WALLET_NONCE_INVALID");
    expect(await userByWallet(other.address)).toBeNull();
  });

  it("a garbled signature is refused as invalid, not as a server error", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const message = await nonceFor(wallet, client);
    const res = await post("/user/wallet/login", { wallet_address: wallet.address, signature: `0x${"ff".repeat(65)}`, message }, client);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("WALLET_SIGNATURE_INVALID");
    const short = await post("/user/wallet/login", { wallet_address: wallet.address, signature: "0xabc", message }, client);
    expect(short.body.code).toBe("WALLET_SIGNATURE_INVALID");
  });

  it("a replayed message is refused: each nonce signs in once", async () => {
    const client = { ip: freshIp(), lang: "zh" };
    const wallet = testWallet();
    const message = await nonceFor(wallet, client);
    expect((await signIn("/user/wallet/login", wallet, message, client)).status).toBe(200);
    const replay = await signIn("/user/wallet/login", wallet, message, client);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: "WALLET_NONCE_INVALID", message: "钱包登录失败：签名消息已过期或已使用，请重试" });
  });

  it("two concurrent uses of one signed message give one session", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    await signIn("/user/wallet/register", wallet, await nonceFor(wallet, client), client);
    const message = await nonceFor(wallet, client);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signIn("/user/wallet/login", wallet, message, client)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === "WALLET_NONCE_INVALID")).toHaveLength(4);
  });

  it("an expired nonce is refused", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const now = Date.now();
    const nonce = "e".repeat(32);
    const message = signInMessage({
      origin: "http://localhost",
      address: wallet.address,
      nonce,
      chainId: "1",
      issuedAt: now - 10 * 60_000,
      expiresAt: now - 5 * 60_000,
    });
    await env.DB.prepare("INSERT INTO wallet_nonces (nonce, address, message, expires_at) VALUES (?, ?, ?, ?)")
      .bind(nonce, wallet.address, message, now - 5 * 60_000)
      .run();
    const res = await signIn("/user/wallet/login", wallet, message, client);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("WALLET_NONCE_INVALID");
  });

  it("a message the server never issued, or an issued one edited, is refused even when correctly signed", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const issued = await nonceFor(wallet, client);
    const edited = issued.replace("Chain ID: 1", "Chain ID: 137");
    const res = await signIn("/user/wallet/login", wallet, edited, client);
    expect(res.body.code).toBe("WALLET_NONCE_INVALID");
    const invented = signInMessage({
      origin: "http://evil.test",
      address: wallet.address,
      nonce: "a".repeat(32),
      issuedAt: Date.now(),
      expiresAt: Date.now() + 60_000,
    });
    expect((await signIn("/user/wallet/login", wallet, invented, client)).body.code).toBe("WALLET_NONCE_INVALID");
    // The untouched message still works.
    expect((await signIn("/user/wallet/login", wallet, issued, client)).status).toBe(200);
  });

  it("register takes an optional invite code and refuses an unknown one", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const res = await signIn("/user/wallet/register", wallet, await nonceFor(wallet, client), client, { extension_code: "NOSUCH" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INVITE_CODE");
  });

  it("a locked wallet account cannot sign in", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    await signIn("/user/wallet/register", wallet, await nonceFor(wallet, client), client);
    await env.DB.prepare("UPDATE users SET status = 'locked' WHERE wallet_address = ?").bind(wallet.address).run();
    const res = await signIn("/user/wallet/login", wallet, await nonceFor(wallet, client), client);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("ACCOUNT_LOCKED");
  });

  it("accepts JSON bodies", async () => {
    const client = { ip: freshIp() };
    const wallet = testWallet();
    const message = await nonceFor(wallet, client);
    const res = await api("/user/wallet/login", {
      json: { wallet_address: wallet.address, signature: personalSign(message, wallet.key), message, chain_id: "1", wallet_type: "okx" },
      headers: { "cf-connecting-ip": client.ip },
    });
    expect(res.status).toBe(200);
  });
});
