import { mkdirSync } from "node:fs";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { expect, type Page, test, type WebSocket } from "@playwright/test";
import { ALICE, api, apiResult, latestCode, clientAddress } from "./lib/session.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("account") });

/**
 * The account pages in a phone-sized browser against the app as `npm start`
 * serves it: sign-up with a code from the dev outbox, log-in, language and
 * theme, the account centre, log-out; the guard's redirect back; wallet log-in.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/account-${name}.png`, fullPage: true });

const storageValue = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const storedJson = async <T>(page: Page, key: string): Promise<T | null> => {
  const raw = await storageValue(page, key);
  return raw === null ? null : (JSON.parse(raw) as T);
};

/** The newest code the local transport "sent" to an address. */
/** The home page may open its notice pop-up (another area's feature); close it when it shows. */
async function dismissPopup(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  try {
    await dialog.waitFor({ state: "visible", timeout: 3000 });
  } catch {
    return;
  }
  await dialog.getByRole("button").last().click();
  await expect(dialog).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("__e2e_init")) return;
    sessionStorage.setItem("__e2e_init", "1");
    localStorage.clear();
    localStorage.setItem("h5Version", "1");
    localStorage.setItem("lang", JSON.stringify("en"));
    localStorage.setItem("theme", JSON.stringify("dark"));
  });
});

test("a new user signs up by email, logs in, switches language and theme, and logs out", async ({ page, request }) => {
  const email = `e2e-${Date.now()}@example.test`;
  const password = "correct-horse-42";

  // Sign-up, opened from an invite link: the invite code is filled in.
  await page.goto("/#/register?code=ALICE1");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.locator("#extension_code")).toHaveValue("ALICE1");

  // Client-side checks, in the reader's language, before anything is sent.
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("error-user_string")).toHaveText("This field is required");
  await expect(page.getByTestId("error-code")).toHaveText("This field is required");
  await page.locator("#user_string").fill("not-an-email");
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("error-user_string")).toHaveText("Please enter a valid email address");
  await expect(page.getByTestId("send-code")).toHaveText("Send code");
  await page.locator("#user_string").fill(email);
  await page.locator("#code").fill("12");
  await page.locator("#password").fill("short");
  await page.locator("#re_password").fill("different");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("error-code")).toHaveText("The verification code must be 6 digits");
  await expect(page.getByTestId("error-password")).toHaveText("The password must be at least 8 characters");
  await expect(page.getByTestId("error-re_password")).toHaveText("The two passwords do not match");
  // The terms and risk notice must be accepted; the link opens them.
  await expect(page.getByTestId("error-agree")).toHaveText("Please accept the terms of use and risk notice");
  await expect(page.getByTestId("register-terms")).toHaveAttribute("href", "#/setting/operational_compliance");
  await expect(page.getByTestId("register-terms")).toHaveText("terms of use and risk notice");
  await expect(page).toHaveURL(/#\/register/);
  await shot(page, "register-errors-dark");

  // The code goes out; the button counts the 60 s re-send gate down.
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("send-code")).toBeDisabled();
  // (a fresh local server can take a few seconds on its first write)
  await expect(page.getByTestId("send-code")).toHaveText(/^\d{1,2} s$/, { timeout: 30_000 });
  expect(Number.parseInt((await page.getByTestId("send-code").textContent())!, 10)).toBeGreaterThan(45);
  const code = await latestCode(request, email);

  await page.locator("#code").fill(code);
  await page.locator("#password").fill(password);
  await page.locator("#re_password").fill(password);
  await page.getByLabel("I have read and accept the terms of use and risk notice").check();
  await expect(page.getByTestId("error-agree")).toHaveText("");
  await page.getByTestId("register-submit").click();

  // Signed in at once: home, with the account link.
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId("avatar")).toBeVisible();
  expect(await storedJson<string>(page, "token")).toMatch(/^[\w-]{43}$/);

  // Signed out on this device, the password logs in.
  await page.evaluate(() => localStorage.removeItem("token"));
  await page.goto("/#/login");
  await page.reload();
  await page.locator("#user_string").fill(email);
  await expect(page.locator("#password")).toHaveValue("");
  await shot(page, "login-dark");

  // Show / hide the password.
  await page.locator("#password").fill(password);
  await expect(page.locator("#password")).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.locator("#password")).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(page.locator("#password")).toHaveAttribute("type", "password");

  // The private realtime room opens once logged in (and must close on log-out).
  const rooms: WebSocket[] = [];
  page.on("websocket", (ws) => {
    if (ws.url().includes("/parties/user-room/")) rooms.push(ws);
  });

  await page.getByTestId("remember").check();
  await page.getByTestId("login-submit").click();

  // Home, logged in: the header shows the account link instead of log-in.
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId("avatar")).toBeVisible();
  await expect(page.getByTestId("login-link")).toHaveCount(0);
  const token = await storedJson<string>(page, "token");
  expect(token).toMatch(/^[\w-]{20,}$/);
  const user = await storedJson<{ uid: string; email: string }>(page, "user");
  expect(user?.email).toBe(email);
  // Remember me keeps the account name only: the password is nowhere in storage.
  expect(await storedJson(page, "rememberedAccount")).toEqual({ type: "email", account: email, areaIso: "CN" });
  const everything = await page.evaluate(() =>
    Object.keys(localStorage)
      .map((k) => `${k}=${localStorage.getItem(k)}`)
      .join("\n"),
  );
  expect(everything).not.toContain(password);
  await expect.poll(() => rooms.length).toBeGreaterThan(0);
  expect(rooms[0]!.url()).toContain(`/parties/user-room/${user!.uid}?`);
  expect(rooms[0]!.url()).toContain(`token=${token}`);

  // The bell in the home header shows the unread count pushed over the user-room socket.
  const unread = await api<{ count: number }>(request, "/chat/unread", { method: "GET", token: token! });
  await expect.poll(() => storedJson(page, "unreadMessage")).toBe(unread.count);
  if (unread.count > 0) await expect(page.getByTestId("unread-count")).toHaveText(String(unread.count));
  await shot(page, "home-dark-en");
  await dismissPopup(page);

  // The account centre, from the home header.
  await page.getByTestId("avatar").click();
  await expect(page).toHaveURL(/#\/setting\/setting$/);
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await expect(page.getByTestId("uid")).toHaveText(user!.uid);
  await expect(page.getByText("Not verified")).toBeVisible();
  await expect(page.getByTestId("logout")).toHaveText("Log out");

  // Language: Chinese, everywhere at once, and remembered.
  await page.getByTestId("language-row").click();
  await page.getByTestId("home-lang-zh").click();
  await expect(page.getByTestId("logout")).toHaveText("退出登录");
  await expect(page.getByRole("heading", { name: "账户中心" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  expect(await storedJson(page, "lang")).toBe("zh");
  await shot(page, "setting-dark-zh");

  // Theme: light, on <html data-theme>, and remembered.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByTestId("theme-light").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await storedJson(page, "theme")).toBe("light");
  await expect(page.getByTestId("theme-light")).toHaveAttribute("aria-checked", "true");
  await shot(page, "setting-light-zh");

  // Display currency from the rates list.
  await page.getByTestId("fiat-row").click();
  await page.getByTestId("fiat-EUR").click();
  await expect(page.getByTestId("fiat-row")).toContainText("EUR");
  expect((await storedJson<{ currency_code: string }>(page, "fiat"))?.currency_code).toBe("EUR");

  // Log-out asks first; cancelling keeps the session.
  await page.getByTestId("logout").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "确定退出登录？" })).toBeVisible();
  await shot(page, "logout-confirm-light-zh");
  await dialog.getByRole("button", { name: "取消" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await storedJson(page, "token")).toBe(token);

  await page.getByTestId("logout").click();
  await page.getByRole("dialog").getByRole("button", { name: "退出登录" }).click();

  // Logged out: home, no token or user, and the old token is dead on the server too.
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId("login-link")).toBeVisible();
  await expect.poll(() => storedJson(page, "token")).toBe("");
  expect(await storedJson(page, "user")).toBeNull();
  await expect.poll(() => rooms.every((ws) => ws.isClosed())).toBe(true);
  expect(await storedJson(page, "unreadMessage")).toBe(0);
  const info = await apiResult(request, "/user/info", { method: "GET", token: token! });
  expect(info.status).toBe(401);
  expect(info.body.type).toBe("999");

  // The account centre is guarded again.
  await page.goto("/#/setting/setting");
  await expect(page.getByTestId("login-prompt")).toBeVisible();
  await shot(page, "logged-out-light-zh");
});

test("a guarded page sends you to log-in and back, with the live unread count", async ({ page, request }) => {
  await page.goto("/#/setting/security");
  await expect(page.getByTestId("login-prompt")).toBeVisible();
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fsetting%2Fsecurity$/);

  // A wrong password is the server's answer, not a crash.
  await page.locator("#user_string").fill(ALICE.email);
  await page.locator("#password").fill("wrong-password-1");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("toast")).toBeVisible();
  await expect(page).toHaveURL(/#\/login\?redirect=/);

  await page.locator("#password").fill(ALICE.password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/#\/setting\/security$/);
  await expect(page.getByTestId("bound-email")).toHaveText("al***@demo.test");
  await expect(page.getByTestId("bound-mobile")).toContainText("Not linked");

  // Not remembered: the box was not ticked.
  expect(await storedJson(page, "rememberedAccount")).toBeNull();

  // The unread count comes over the user-room socket and equals the server's.
  const token = (await storedJson<string>(page, "token"))!;
  const unread = await api<{ count: number }>(request, "/chat/unread", { method: "GET", token });
  await page.goto("/#/setting/setting");
  if (unread.count > 0) await expect(page.locator(".count-pill")).toHaveText(unread.count > 99 ? "99+" : String(unread.count));
  await expect.poll(() => storedJson(page, "unreadMessage")).toBe(unread.count);

  // Bind mobile form: its checks, then the code button asks the server.
  await page.goto("/#/setting/security");
  await page.getByTestId("bind-mobile-row").click();
  await page.getByTestId("bind-submit").click();
  await expect(page.getByTestId("error-mobile")).toHaveText("This field is required");
  await page.locator("#mobile").fill("123");
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("error-mobile")).toHaveText("Please enter a valid mobile number (8–11 digits)");
  await shot(page, "security-bind-dark-en");
});

/** A deterministic test wallet and personal_sign as wallets do it (r‖s‖v, v = 27 + recovery). */
const WALLET_KEY = keccak_256(utf8ToBytes("edge-exchange e2e wallet"));
const WALLET_ADDRESS = `0x${bytesToHex(keccak_256(secp256k1.getPublicKey(WALLET_KEY, false).subarray(1)).subarray(-20))}`;
function personalSign(dataHex: string): string {
  const body = hexToBytes(dataHex.replace(/^0x/, ""));
  const hash = keccak_256(new Uint8Array([...utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`), ...body]));
  const sig = secp256k1.sign(hash, WALLET_KEY, { prehash: false, format: "recovered" });
  return `0x${bytesToHex(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`;
}

test("log-in with an injected wallet signs the server's message and starts a session", async ({ page }) => {
  // Without a wallet the button is not offered.
  await page.goto("/#/login");
  await expect(page.getByTestId("login-submit")).toBeVisible();
  await expect(page.getByTestId("wallet-login")).toHaveCount(0);

  const signed: string[] = [];
  await page.exposeFunction("__e2eSign", (dataHex: string) => {
    signed.push(new TextDecoder().decode(hexToBytes(dataHex.replace(/^0x/, ""))));
    return personalSign(dataHex);
  });
  await page.addInitScript((address) => {
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === "eth_requestAccounts") return [address];
        if (method === "eth_chainId") return "0x1";
        if (method === "personal_sign")
          return (window as unknown as { __e2eSign: (d: string) => Promise<string> }).__e2eSign(String(params?.[0]));
        throw Object.assign(new Error("unsupported"), { code: 4200 });
      },
    };
  }, WALLET_ADDRESS);
  await page.goto("/#/login?redirect=%2Fsetting%2Fsetting");
  await page.reload();
  await page.getByTestId("wallet-login").click();

  await expect(page).toHaveURL(/#\/setting\/setting$/);
  expect(signed).toHaveLength(1);
  expect(signed[0]).toContain("wants you to sign in with your Ethereum account:");
  expect(signed[0]).toMatch(/^Chain ID: 1$/m);
  const user = await storedJson<{ wallet_address: string }>(page, "user");
  expect(user?.wallet_address).toBe(WALLET_ADDRESS.toLowerCase());
  await expect(page.getByTestId("uid")).toHaveText(/^\d{8}$/);
});
