import { deflateSync } from "node:zlib";
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { ALICE, OPERATOR, api, latestCode, logIn, sessionPage, clientAddress } from "./lib/session.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("money") });

/**
 * The money pages end to end, in phone-sized browsers against the app as
 * `npm start` serves it. A fresh user deposits with a transaction hash and a
 * voucher, an operator confirms the amount verified on-chain in the console, the user moves funds between accounts, sets up
 * what a withdrawal needs (phone, pay password, Lv1 verification approved by
 * the operator), withdraws, the operator approves, and every balance and
 * record page shows the right figures.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

const PASSWORD = "money-e2e-2026";
const PAY_PASSWORD = "246810";
const WITHDRAW_ADDRESS = "0x52908400098527886e0f7030069857d2e4169ee7";

/** A small solid-colour PNG (a stand-in for a transfer screenshot). */
function voucherPng(size = 24): Buffer {
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([40, 186, 152]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Answers the app's confirmation prompt, checking what it says first. */
async function confirm(page: Page, says: RegExp | string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(says);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

const toast = (page: Page) => page.getByTestId("toast");
/** The number on a queue tile of the operator console's overview. */
const queueCount = (page: Page, queue: "deposits" | "withdrawals") => page.getByTestId(`queue-${queue}`).locator(".tile-number");

/** A holding card on the assets tab: available and frozen figures. */
async function expectHolding(page: Page, account: string, coin: string, available: string, frozen: string) {
  await page.getByTestId(`account-tab-${account}`).click();
  const card = page.getByTestId(`holding-${account}-${coin}`);
  await expect(card.getByTestId("available")).toHaveText(available);
  await expect(card.getByTestId("frozen")).toHaveText(frozen);
}

async function expectBalanceRow(page: Page, account: string, available: string, frozen: string) {
  const row: Locator = page.getByTestId(`coin-balance-${account}`);
  await expect(row.getByTestId("available")).toHaveText(available);
  await expect(row.getByTestId("frozen")).toHaveText(frozen);
}

test("deposit by voucher, console review, transfer between accounts and a withdrawal, with every figure checked", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);

  // Setup through the API: a fresh account (so every figure starts at zero) and the operator's session.
  const stamp = Date.now();
  const email = `money-${stamp}@example.test`;
  const mobile = `139${String(stamp).slice(-8)}`;
  await api(request, "/sms_mail", { data: { user_string: email, scene: "register" } });
  const code = await latestCode(request, email);
  await api(request, "/user/register", {
    data: {
      user_string: email,
      code,
      password: PASSWORD,
      re_password: PASSWORD,
      type: "email",
    },
  });
  const userToken = await logIn(request, { email, password: PASSWORD });
  const operatorToken = await logIn(request, OPERATOR);

  const user = await sessionPage(browser, userToken);
  const op = await sessionPage(browser, operatorToken);

  // An operator-only console: the user sees "no permission".
  await user.goto("/#/admin");
  await expect(user.getByText("You do not have permission to open the operator console.")).toBeVisible();

  // 1. Empty assets; the hide toggle masks every figure and is remembered.
  await user.goto("/#/fund/assets");
  await expect(user.getByTestId("assets-total")).toHaveText("0.00 USDT");
  await expect(user.getByTestId("assets-fiat")).toHaveText("≈ $0.00 USD");
  await user.getByTestId("toggle-hide").click();
  await expect(user.getByTestId("assets-total")).toHaveText("**** USDT");
  await user.reload();
  await expect(user.getByTestId("assets-total")).toHaveText("**** USDT");
  await user.getByTestId("toggle-hide").click();
  await expect(user.getByTestId("assets-total")).toHaveText("0.00 USDT");

  // 2. Deposit: pick the coin, see the address and its QR code, report 250 USDT with a voucher.
  await user.getByRole("link", { name: "Deposit" }).click();
  await expect(user).toHaveURL(/#\/fund\/select\?for=receive/);
  await user.getByPlaceholder("Search coins").fill("usd");
  await expect(user.getByTestId("coin-BTC")).toBeHidden();
  await user.getByTestId("coin-USDT").click();
  await expect(user.getByRole("heading", { name: "Deposit USDT" })).toBeVisible();
  await expect(user.getByTestId("deposit-address")).toHaveText("0xDe0000000000000000000000000000000000dE03");
  await expect(user.getByTestId("deposit-qr")).toBeVisible();
  await user.getByRole("radio", { name: "TRC20" }).click();
  await expect(user.getByTestId("deposit-address")).toHaveText("TDemoOnlyNotForRealFunds0000000003");
  // The seeded addresses are local placeholders, and say so.
  await expect(user.getByTestId("demo-address")).toHaveText("Demo address — do not send real funds");

  await user.getByRole("button", { name: "Submit deposit" }).click();
  await expect(user.getByText("Enter an amount", { exact: true })).toBeVisible();
  await expect(user.getByText("Upload the payment voucher", { exact: true })).toBeVisible();
  await expect(user.getByText("Enter the transaction hash (TxID) of your transfer", { exact: true })).toBeVisible();
  await user.getByTestId("deposit-amount").fill("250");
  // A TRON transaction hash is 64 hex characters: an Ethereum-style 0x hash is refused before sending.
  const txHash = stamp.toString(16).padStart(64, "0");
  await user.getByTestId("deposit-tx-hash").fill(`0x${txHash}`);
  await user.getByRole("button", { name: "Submit deposit" }).click();
  await expect(user.getByText("A TRC20 transaction hash is 64 hexadecimal characters, without 0x", { exact: true })).toBeVisible();
  await user.getByTestId("deposit-tx-hash").fill(txHash);
  await user.locator('input[type="file"]').setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: voucherPng() });
  await expect(user.getByTestId("deposit-voucher").locator("img")).toBeVisible();
  await user.screenshot({ path: `${SHOTS}/money-deposit-form.png`, fullPage: true });
  await user.getByRole("button", { name: "Submit deposit" }).click();
  await confirm(user, `You sent 250 USDT over TRC20 in transaction ${txHash}.`);
  await expect(user).toHaveURL(/#\/fund\/receive_withdraw_record\?tab=deposit/);
  const depositRow = user.getByTestId("deposit-records").locator("li").first();
  await expect(depositRow.getByTestId("status")).toHaveText("Pending review");
  await expect(depositRow.getByTestId("amount")).toHaveText("250 USDT");
  await expect(depositRow.getByTestId("declared")).toHaveText("250 USDT");
  await expect(depositRow.getByTestId("credited")).toHaveText("Not yet");
  await expect(depositRow.getByTestId("tx-hash")).toHaveText(txHash);

  // 3. The operator sees the queue, opens the voucher (fetched with the session) and confirms.
  await op.goto("/#/admin");
  await expect(queueCount(op, "deposits")).toHaveText("1");
  await op.getByTestId("queue-deposits").click();
  const depositCard = op.locator('[data-testid^="admin-deposit-"]').filter({ hasText: email });
  await expect(depositCard.getByTestId("admin-deposit-amount")).toHaveText("250 USDT");
  const voucher = depositCard.getByTestId("voucher-image");
  await expect(voucher).toBeVisible();
  expect(await voucher.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await op.screenshot({ path: `${SHOTS}/money-admin-deposits.png`, fullPage: true });
  await expect(depositCard.getByTestId("admin-deposit-tx")).toHaveText(txHash);
  // The operator states what they verified on-chain: never more than declared.
  await depositCard.getByRole("button", { name: "Confirm" }).click();
  const verify = op.getByRole("dialog");
  await expect(verify).toContainText(`${email} declared 250 USDT over TRC20.`);
  await verify.getByTestId("verified-amount").fill("260");
  await verify.getByRole("button", { name: "Confirm" }).click();
  await expect(verify.getByRole("alert")).toHaveText("At most the declared 250");
  await verify.getByTestId("verified-amount").fill("250");
  await verify.getByRole("button", { name: "Confirm" }).click();
  await expect(verify).toBeHidden();
  await expect(depositCard).toBeHidden();
  await expect(op.getByText("Nothing here")).toBeVisible();

  // The user's records and balances follow.
  await user.reload();
  await expect(user.getByTestId("deposit-records").locator("li").first().getByTestId("status")).toHaveText("Credited");
  await expect(user.getByTestId("deposit-records").locator("li").first().getByTestId("credited")).toHaveText("250 USDT");
  await user.goto("/#/fund/assets");
  await expect(user.getByTestId("assets-total")).toHaveText("250.00 USDT");
  await expectHolding(user, "change", "USDT", "250.0000", "0.0000");

  // 4. Transfer 100 USDT from the exchange account to the fiat account (the swap button turns the direction round).
  await user.getByRole("link", { name: "Transfer" }).click();
  await user.getByTestId("transfer-coin").selectOption({ label: "USDT" });
  await user.getByTestId("transfer-from").selectOption("change");
  await user.getByTestId("transfer-to").selectOption("legal");
  await user.getByTestId("transfer-swap").click();
  await expect(user.getByTestId("transfer-from")).toHaveValue("legal");
  await expect(user.getByTestId("transfer-to")).toHaveValue("change");
  await user.getByTestId("transfer-swap").click();
  await expect(user.getByTestId("transfer-from-balance")).toHaveText("250.0000 USDT");
  await expect(user.getByTestId("transfer-to-balance")).toHaveText("0.0000 USDT");
  await user.getByTestId("transfer-amount").fill("300");
  await user.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(user.getByText("More than available (250.0000 USDT)", { exact: true })).toBeVisible();
  await user.getByTestId("transfer-amount").fill("100");
  await user.getByRole("button", { name: "Transfer", exact: true }).click();
  await confirm(user, "Move 100 USDT from Exchange to Fiat?");
  await expect(toast(user)).toHaveText("Transfer successful");
  await expect(user.getByTestId("transfer-from-balance")).toHaveText("150.0000 USDT");
  await expect(user.getByTestId("transfer-to-balance")).toHaveText("100.0000 USDT");
  await user.getByRole("link", { name: "History" }).click();
  const transferRow = user.getByTestId("transfer-history").locator("li").first();
  await expect(transferRow).toContainText("Exchange → Fiat");
  await expect(transferRow.getByTestId("amount")).toHaveText("100 USDT");

  // 5. A withdrawal needs a phone, a pay password and Lv1 verification. Binding the phone and setting the
  //    first pay password are confirmed with the log-in password.
  await user.goto("/#/setting/real_mark");
  await expect(user.getByTestId("kyc-bind-first")).toBeVisible();
  await expect(user.getByTestId("kyc-lv1").getByRole("button", { name: "Verify now" })).toBeDisabled();
  await user.getByRole("link", { name: "Go to security settings" }).click();
  await user.getByTestId("bind-mobile-row").click();
  await user.locator("#mobile").fill(mobile);
  await user.getByTestId("send-code").click();
  const smsCode = await latestCode(request, `+86${mobile}`);
  await user.locator("#code").fill(smsCode);
  await user.getByTestId("bind-submit").click();
  await expect(user.locator("#login_password-error")).toHaveText("This field is required");
  await user.locator("#login_password").fill(PASSWORD);
  await user.getByTestId("bind-submit").click();
  await expect(user.getByTestId("bind-mobile-form")).toBeHidden();
  await expect(user.getByTestId("bound-mobile")).toHaveText(new RegExp(`^\\+86 ${mobile.slice(0, 3)}\\*{4}${mobile.slice(-4)}\\s*Change$`));
  await user.getByTestId("pay-password-link").click();
  await user.locator("#password").fill(PAY_PASSWORD);
  await user.locator("#re_password").fill(PAY_PASSWORD);
  await user.locator("#login_password").fill(PASSWORD);
  await user.getByTestId("pay-password-submit").click();
  await expect(user).toHaveURL(/#\/setting\/security/);

  await user.goto("/#/setting/real_mark");
  await expect(user.getByTestId("kyc-bind-first")).toBeHidden();
  await user.getByTestId("kyc-lv1").getByRole("button", { name: "Verify now" }).click();
  await expect(user).toHaveURL(/#\/setting\/real\?level=1/);
  await user.getByRole("button", { name: "Submit" }).click();
  await expect(user.getByText("This field is required").first()).toBeVisible();
  await user.getByRole("radio", { name: "Passport" }).click();
  await user.getByLabel("Full name").fill("Erin Example");
  await user.getByLabel("ID number").fill("X1");
  await user.getByRole("button", { name: "Submit" }).click();
  await expect(user.getByText("Enter a valid ID number for this document type")).toBeVisible();
  await user.getByLabel("ID number").fill("P8765432");
  await user.getByRole("button", { name: "Submit" }).click();
  await confirm(user, "Name: Erin Example");
  await expect(user).toHaveURL(/#\/setting\/real_mark/);
  await expect(user.getByTestId("kyc-lv1").getByTestId("kyc-status-auditing")).toBeVisible();
  // While the submission is reviewed, the withdraw page says so instead of asking to verify.
  await user.goto("/#/fund/withdraw?currency=3");
  await expect(user.getByTestId("withdraw-kyc-reviewing")).toHaveText(
    "Your identity verification is under review; withdrawals open once it is approved.",
  );
  await expect(user.getByTestId("withdraw-need-kyc")).toBeHidden();
  await user.goto("/#/setting/real_mark");

  await op.getByRole("link", { name: "Verification" }).click();
  const kycCard = op.locator('[data-testid^="kyc-item-"]').filter({ hasText: email });
  await expect(kycCard.getByTestId("kyc-item-name")).toHaveText("Erin Example");
  await kycCard.getByRole("button", { name: "Approve" }).click();
  await confirm(op, `${email} passes Lv1 verification.`);
  await expect(kycCard).toBeHidden();

  await user.reload();
  await expect(user.getByTestId("kyc-lv1").getByTestId("kyc-status-hasaudit")).toBeVisible();
  await expect(user.getByTestId("kyc-level")).toHaveText("Lv1");

  // 6. A withdrawal address (confirmed with the log-in password, usable after 24 hours), then the withdrawal:
  //    fee and received amount from configuration, the address's network, and a code sent to the email.
  await user.goto("/#/setting/addWallet?currency=3");
  await expect(user.getByTestId("address-wait-note")).toContainText("24 hours");
  await user.getByTestId("address-name").fill("Cold wallet");
  await user.getByTestId("address-address").fill("not-an-address");
  await user.getByRole("button", { name: "Save address" }).click();
  await expect(user.getByText(/This is not a USDT address/)).toBeVisible();
  await user.getByTestId("address-address").fill(WITHDRAW_ADDRESS);
  await user.locator("#login_password").fill(PASSWORD);
  await user.getByRole("button", { name: "Save address" }).click();
  await expect(toast(user)).toBeVisible();
  await expect(user).not.toHaveURL(/addWallet/);
  await user.goto("/#/setting/wallet");
  const savedAddress = user.locator('[data-testid^="address-"]').filter({ hasText: "Cold wallet" });
  await expect(savedAddress.locator("code")).toHaveText("0x52908400098527886E0F7030069857D2E4169EE7");
  await expect(savedAddress.getByTestId("address-usable-from")).toContainText("Usable from");

  await user.goto("/#/fund/withdraw?currency=3");
  const waiting = user.locator('[data-testid^="withdraw-address-"]').filter({ hasText: "Cold wallet" });
  await expect(waiting).toBeDisabled();
  await expect(waiting.getByTestId("address-usable-from")).toContainText("Usable from");
  await expect(waiting.getByTestId("address-network")).toHaveText("Ethereum (ERC-20)");
  // A day passes.
  expect(await api(request, "/dev/address_cooldown_end", { token: userToken })).toEqual({ addresses: 1 });
  await user.reload();
  await expect(waiting).toBeEnabled();
  await expect(user.getByTestId("withdraw-network")).toHaveText("Ethereum (ERC-20)");
  await expect(user.getByTestId("withdraw-need-kyc")).toBeHidden();
  await expect(user.getByTestId("withdraw-need-paypw")).toBeHidden();
  await expect(user.getByTestId("withdraw-available")).toHaveText("150.0000 USDT");
  await expect(user.getByTestId("withdraw-fee")).toHaveText("1 USDT");
  await user.getByTestId("withdraw-amount").fill("5");
  await user.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(user.getByText("The minimum is 10 USDT", { exact: true })).toBeVisible();
  await expect(user.getByText("Enter your pay password", { exact: true })).toBeVisible();
  await expect(user.getByText("Enter the verification code", { exact: true })).toBeVisible();
  await user.getByRole("button", { name: "All" }).click();
  await expect(user.getByTestId("withdraw-amount")).toHaveValue("150");
  await expect(user.getByTestId("withdraw-receive")).toHaveText("149 USDT");
  await user.getByTestId("withdraw-amount").fill("50");
  await expect(user.getByTestId("withdraw-receive")).toHaveText("49 USDT");
  await user.getByTestId("withdraw-password").fill(PAY_PASSWORD);
  await expect(user.getByTestId("withdraw-code-to")).toHaveText(/The code goes to mo\*\*\*@example\.test/);
  const sentBefore = await latestCode(request, email);
  await user.getByTestId("send-code").click();
  await expect(toast(user)).toHaveText("The verification code has been sent");
  const withdrawCode = await latestCode(request, email);
  expect(withdrawCode).not.toBe(sentBefore);
  await user.locator("#withdraw-code").fill(withdrawCode);
  await user.screenshot({ path: `${SHOTS}/money-withdraw-form.png`, fullPage: true });
  await user.getByRole("button", { name: "Withdraw", exact: true }).click();
  await confirm(user, /Amount: 50 USDT\s+Fee: 1 USDT\s+You receive: 49 USDT\s+Network: Ethereum \(ERC-20\)/);
  await expect(user).toHaveURL(/#\/fund\/receive_withdraw_record\?tab=withdraw/);
  const withdrawRow = user.getByTestId("withdrawal-records").locator("li").first();
  await expect(withdrawRow.getByTestId("status")).toHaveText("Under review");
  await expect(withdrawRow.getByTestId("amount")).toHaveText("50 USDT");
  await expect(withdrawRow.getByTestId("fee")).toHaveText("1 USDT");
  await expect(withdrawRow.getByTestId("receive")).toHaveText("49 USDT");

  // While it is reviewed the 50 are frozen.
  await user.goto("/#/fund/assets");
  await expectHolding(user, "change", "USDT", "100.0000", "50.0000");

  // 7. The operator approves.
  await op.getByRole("link", { name: "Withdrawals" }).click();
  const withdrawCard = op.locator('[data-testid^="admin-withdrawal-"]').filter({ hasText: email });
  await expect(withdrawCard.getByTestId("admin-withdrawal-receive")).toHaveText("49 USDT");
  await expect(withdrawCard.getByTestId("withdrawal-address")).toHaveText("0x52908400098527886E0F7030069857D2E4169EE7");
  await withdrawCard.getByRole("button", { name: "Approve" }).click();
  await confirm(op, `Pay 49 USDT to ${email}`);
  await expect(withdrawCard).toBeHidden();

  // 8. Every page agrees: 100 in the exchange account, 100 in fiat, nothing frozen, 200 in total.
  await user.goto("/#/fund/receive_withdraw_record?tab=withdraw");
  await expect(user.getByTestId("withdrawal-records").locator("li").first().getByTestId("status")).toHaveText("Completed");
  await user.goto("/#/fund/assets");
  await expect(user.getByTestId("assets-total")).toHaveText("200.00 USDT");
  await expectHolding(user, "change", "USDT", "100.0000", "0.0000");
  await expect(user.getByTestId("account-total")).toHaveText("100.00 USDT");
  await expectHolding(user, "legal", "USDT", "100.0000", "0.0000");
  await user.screenshot({ path: `${SHOTS}/money-assets.png`, fullPage: true });

  await user.getByTestId("holding-legal-USDT").click();
  await expect(user.getByRole("heading", { name: "USDT details" })).toBeVisible();
  await expectBalanceRow(user, "change", "100.0000", "0.0000");
  await expectBalanceRow(user, "legal", "100.0000", "0.0000");
  const coinLedger = user.getByTestId("coin-ledger");
  // deposit +250, transfer −100 and +100, withdrawal held (one line), paid −50 (from frozen)
  await expect(coinLedger.getByTestId("ledger-amount")).toHaveText(["-50", "Held 50", "+100", "-100", "+250"]);
  await user.getByRole("tab", { name: "Fiat" }).click();
  await expect(coinLedger.getByTestId("ledger-amount")).toHaveText(["+100"]);

  await user.goto("/#/fund/assets_all_record");
  await expect(user.getByTestId("all-ledger").getByTestId("ledger-amount")).toHaveText([
    "-50 USDT",
    "Held 50 USDT",
    "+100 USDT",
    "-100 USDT",
    "+250 USDT",
  ]);

  await user.goto("/#/setting/bill");
  await user.getByTestId("bill-kind").selectOption("deposit");
  await expect(user.getByTestId("bill-list").getByTestId("ledger-amount")).toHaveText(["+250 USDT"]);

  // The console: queues are empty, the ledger invariant holds, the user's balances match.
  await op.getByRole("link", { name: "Overview" }).click();
  await expect(queueCount(op, "deposits")).toHaveText("0");
  await expect(queueCount(op, "withdrawals")).toHaveText("0");
  await expect(op.getByTestId("ledger-ok")).toBeVisible();
  await op.getByRole("link", { name: "Users" }).click();
  await op.getByRole("searchbox").fill(email);
  await op.getByRole("searchbox").press("Enter");
  await op.getByRole("link", { name: email }).click();
  const balances = op.getByTestId("admin-user-balances");
  // Coin, account, available, frozen: one row per account that holds something.
  await expect(balances.locator("tbody tr")).toHaveCount(2);
  await expect(balances.locator("tr", { hasText: "Exchange" }).locator("td")).toHaveText(["USDT", "Exchange", "100", "0"]);
  await expect(balances.locator("tr", { hasText: "Fiat" }).locator("td")).toHaveText(["USDT", "Fiat", "100", "0"]);
  await op.screenshot({ path: `${SHOTS}/money-admin-user.png`, fullPage: true });

  await user.context().close();
  await op.context().close();
});

test("home loads the total-assets card only with a session: a logged-out first visit never downloads it", async ({ browser, request }) => {
  const cardChunks = (page: Page) => {
    const seen: string[] = [];
    page.on("request", (r) => {
      if (/\/HomeAssetsCard-[\w-]+\.js$/.test(r.url())) seen.push(r.url());
    });
    return seen;
  };

  const guest = await sessionPage(browser, "");
  const guestChunks = cardChunks(guest);
  await guest.goto("/#/");
  await expect(
    guest
      .getByRole("button", { name: "Log in" })
      .or(guest.getByRole("link", { name: "Log in" }))
      .first(),
  ).toBeVisible();
  await guest.waitForLoadState("networkidle");
  await expect(guest.getByTestId("home-assets")).toHaveCount(0);
  expect(guestChunks).toEqual([]);
  await guest.context().close();

  const token = await logIn(request, ALICE);
  const user = await sessionPage(browser, token);
  const userChunks = cardChunks(user);
  await user.goto("/#/");
  await expect(user.getByTestId("home-assets-total")).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2} USDT$/);
  expect(userChunks).toHaveLength(1);
  await user.context().close();
});

test("coin conversion: the page locks a quote with its countdown, and confirming it credits exactly the amount shown", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  // A fresh account funded with 500 USDT through a confirmed voucher deposit (all by API).
  const stamp = Date.now();
  const email = `convert-${stamp}@example.test`;
  await api(request, "/sms_mail", { data: { user_string: email, scene: "register" } });
  const code = await latestCode(request, email);
  await api(request, "/user/register", {
    data: {
      user_string: email,
      code,
      password: "convert-e2e-2026",
      re_password: "convert-e2e-2026",
      type: "email",
    },
  });
  const token = await logIn(request, { email, password: "convert-e2e-2026" });
  const operatorToken = await logIn(request, OPERATOR);
  const upload = await request.post("/api/upload", {
    headers: { Authorization: token },
    multipart: { private: "1", file: { name: "voucher.png", mimeType: "image/png", buffer: voucherPng() } },
  });
  const voucherUrl = ((await upload.json()) as { message: string }).message;
  const txHash = `c${stamp.toString(16)}`.padStart(64, "0");
  await api(request, "/wallet/charge_req", {
    data: { account: voucherUrl, amount: "500", currency: "USDT", chain: "TRC20", tx_hash: txHash },
    token,
  });
  const queue = await api<{ data: { id: number; email: string }[] }>(request, "/admin/deposits", {
    method: "GET",
    data: { status: "pending", limit: "50" },
    token: operatorToken,
  });
  const deposit = queue.data.find((d) => d.email === email)!;
  await api(request, "/admin/deposits/confirm", { data: { id: String(deposit.id), amount: "500" }, token: operatorToken });

  const user = await sessionPage(browser, token);

  // Home has a shortcut; the assets tab has the action that opens the page.
  await user.goto("/#/");
  await expect(user.getByTestId("home-convert")).toHaveAttribute("href", "#/fund/transfer");
  await user.goto("/#/fund/assets");
  await user.getByTestId("assets-convert").click();
  await expect(user).toHaveURL(/#\/fund\/transfer$/);

  // A coin with no market says why it cannot be converted.
  await user.getByTestId("convert-from").selectOption({ label: "USDT" });
  await user.getByTestId("convert-to").selectOption({ label: "USDC" });
  await expect(user.getByTestId("convert-refusal")).toHaveText("No live price for USDC: it has no market to convert through");

  // USDT into ETH: the page shows the locked amount, the price age and the countdown.
  await user.getByTestId("convert-to").selectOption({ label: "ETH" });
  await user.getByTestId("convert-amount").fill("100");
  await expect(user.getByTestId("convert-receive")).toHaveText(/^\d+\.\d+ ETH$/);
  await expect(user.getByTestId("convert-fee")).toHaveText("0.2 USDT");
  await expect(user.getByTestId("convert-countdown")).toHaveText(/^valid for (10|[1-9]) s$/);
  await expect(user.getByTestId("convert-price-age")).toHaveText(/^updated \d s ago$/);
  await user.screenshot({ path: `${SHOTS}/money-convert.png`, fullPage: true });

  // The dialog states the locked amount; the credit is exactly that, to the last unit.
  await user.getByTestId("convert-submit").click();
  const dialog = user.getByRole("dialog");
  await expect(dialog).toContainText("You pay: 100 USDT");
  const locked = /You receive: (\d+\.\d+) ETH/.exec((await dialog.textContent()) ?? "")![1]!;
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(user)).toHaveText(`Converted 100 USDT into ${locked} ETH`);
  const list = await api<{ wallet: { currency_name: string; change_balance: string }[] }>(request, "/user/getTransferList", { token });
  expect(list.wallet.find((w) => w.currency_name === "ETH")!.change_balance).toBe(locked);
  expect(list.wallet.find((w) => w.currency_name === "USDT")!.change_balance).toBe("400");

  // A coin's page links to conversion, and a coin that does not convert says so.
  await user.goto("/#/fund/assets_record?currency=2");
  await user.getByTestId("coin-convert").click();
  await expect(user.getByTestId("convert-from")).toHaveValue("2");
  await user.goto("/#/fund/transfer?from=6&coin=XRP");
  await expect(user.getByTestId("convert-not-convertible")).toHaveText("XRP cannot be converted");
  await user.context().close();
});
