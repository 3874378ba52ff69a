import { walletLogin, walletNonce } from "./api.ts";

/** The part of an injected EIP-1193 provider (window.ethereum) the log-in uses. */
export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** The injected wallet, when the browser has one. */
export function injectedProvider(): Eip1193Provider | null {
  const candidate = (globalThis as { ethereum?: unknown }).ethereum;
  return candidate && typeof (candidate as Eip1193Provider).request === "function" ? (candidate as Eip1193Provider) : null;
}

/** personal_sign takes the message as 0x-hex of its UTF-8 bytes (what every wallet accepts). */
export const utf8ToHex = (text: string): string =>
  `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;

/** Why a wallet log-in stopped: the wallet refused or failed (connect), or the server refused (login). */
export class WalletError extends Error {
  constructor(
    readonly stage: "connect" | "rejected" | "login",
    message: string = stage,
  ) {
    super(message);
  }
}

/** EIP-1193 code 4001: the user closed or rejected the wallet's prompt. */
const isUserRejection = (err: unknown) => (err as { code?: unknown })?.code === 4001;

/**
 * Sign-in with Ethereum: ask for the account, fetch the one-time message from
 * the server, have the wallet `personal_sign` it, and trade the signature for
 * a session token (POST /user/wallet/login; an unknown wallet is registered).
 */
export async function signInWithWallet(provider: Eip1193Provider): Promise<string> {
  let address: string;
  let chainId: string | undefined;
  try {
    const accounts = (await provider.request({ method: "eth_requestAccounts" })) as unknown;
    address = Array.isArray(accounts) && typeof accounts[0] === "string" ? accounts[0] : "";
    if (!address) throw new WalletError("connect");
    const chain = await provider.request({ method: "eth_chainId" }).catch(() => undefined);
    chainId = typeof chain === "string" ? chain : undefined;
  } catch (err) {
    throw err instanceof WalletError ? err : new WalletError(isUserRejection(err) ? "rejected" : "connect");
  }

  let nonce;
  try {
    nonce = await walletNonce(address, chainId);
  } catch (err) {
    throw new WalletError("login", (err as Error).message);
  }

  let signature: unknown;
  try {
    signature = await provider.request({ method: "personal_sign", params: [utf8ToHex(nonce.message), address] });
  } catch (err) {
    throw new WalletError(isUserRejection(err) ? "rejected" : "connect");
  }
  if (typeof signature !== "string") throw new WalletError("connect");

  try {
    return await walletLogin({ wallet_address: address, signature, message: nonce.message, chain_id: chainId, wallet_type: "injected" });
  } catch (err) {
    throw new WalletError("login", (err as Error).message);
  }
}
