import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ALICE, BOB, OPERATOR, api, logIn, sessionPage } from "./lib/session.ts";
import { socketGate } from "./lib/socket-gate.ts";

/**
 * Customer service: a user opens support from the message centre and writes; an operator with the support role, in a
 * second browser context, sees the conversation in the console queue, claims it and answers; the user sees the answer
 * live, without reloading.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

test("a user writes to support, an operator answers from the console, the user sees it live", async ({ browser, request }) => {
  const userToken = await logIn(request, BOB);
  const user = await sessionPage(browser, userToken, "en", "dark");
  await user.goto("/#/mailMessage/mailMessage");
  await user.getByTestId("support-row").click();
  await expect(user).toHaveURL(/#\/kefu$/);
  await expect(user.getByRole("heading", { name: "Customer service" })).toBeVisible();
  // No agent has the console open yet: the user is told, and the message waits.
  await expect(user.getByTestId("no-agent")).toBeVisible();
  await user.getByTestId("chat-input").fill("Hello, my <b>deposit</b> has not arrived");
  await user.getByTestId("chat-send").click();
  await expect(user.getByTestId("my-message").last()).toContainText("Hello, my <b>deposit</b> has not arrived");
  await user.screenshot({ path: `${SHOTS}/support-user-en-dark.png`, fullPage: true });

  const operatorToken = await logIn(request, OPERATOR);
  const operator = await sessionPage(browser, operatorToken, "en", "light", 1024);
  await operator.goto("/#/admin/support");
  const row = operator.getByTestId("support-row").filter({ hasText: "deposit" }).first();
  await expect(row).toBeVisible();
  // A wait past the configured time is highlighted: set it to the shortest, 10 s.
  await operator.getByTestId("support-wait").fill("10");
  await operator.getByRole("button", { name: "Save" }).click();
  await expect(row).toHaveClass(/late/, { timeout: 30_000 });
  await expect(row).toContainText(/Waiting \d+:\d\d/);
  await operator.screenshot({ path: `${SHOTS}/support-console-queue.png`, fullPage: true });
  await row.click();
  await expect(operator.getByTestId("console-log")).toContainText("Hello, my <b>deposit</b> has not arrived");
  await operator.getByTestId("claim").click();
  await expect(operator.getByTestId("claim")).toHaveCount(0);
  await operator.getByTestId("reply-input").fill("Hi Bob, we are checking it now.");
  await operator.getByTestId("reply-send").click();
  await expect(operator.getByTestId("console-log")).toContainText("Hi Bob, we are checking it now.");
  await operator.screenshot({ path: `${SHOTS}/support-console-chat.png`, fullPage: true });

  await expect(user.getByTestId("agent-message").last()).toContainText("Hi Bob, we are checking it now.");
  // The operator's console is open now, so the notice is gone after the next read.
  await user.reload();
  await expect(user.getByTestId("agent-message").last()).toContainText("Hi Bob, we are checking it now.");
  await expect(user.getByTestId("no-agent")).toHaveCount(0);
  await user.screenshot({ path: `${SHOTS}/support-user-answered-en-dark.png`, fullPage: true });

  // The user types: the operator sees it. The operator closes the conversation after confirming: the user is told live.
  await user.getByTestId("chat-input").fill("Thanks");
  await expect(operator.getByText("The user is typing…")).toBeVisible();
  await operator.getByTestId("close").click();
  await operator.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(operator.getByTestId("reply-input")).toHaveCount(0);
  await expect(user.getByText("This conversation was closed. Write again to reopen it.")).toBeVisible();
  await operator.context().close();
  await user.context().close();
});

test("support in Spanish and the light theme: the welcome text and the composer", async ({ browser, request }) => {
  const token = await logIn(request, ALICE);
  const page = await sessionPage(browser, token, "spa", "light");
  await page.goto("/#/kefu");
  await expect(page.getByRole("heading", { name: "Atención al cliente" })).toBeVisible();
  await expect(page.getByTestId("chat-input")).toHaveAttribute("placeholder", "Escriba un mensaje");
  await page.screenshot({ path: `${SHOTS}/support-user-spa-light.png`, fullPage: true });
  await page.context().close();
});

test("a message written while the chat's socket is still connecting shows once it opens (every open reads the newest)", async ({
  browser,
  request,
}) => {
  const token = await logIn(request, ALICE);
  const page = await sessionPage(browser, token);
  // The page has read the conversation; its socket's handshake is held while a message is written from elsewhere.
  const gate = await socketGate(page, /\/support-room\//);
  gate.hold();
  await page.goto("/#/kefu");
  await expect(page.getByTestId("chat-input")).toBeVisible();
  const text = `Written on another device ${Date.now()}`;
  await api(request, "/chat/support/send", { data: { client_id: `e2e-${Date.now()}`, text }, token });
  gate.release();
  await expect(page.getByTestId("my-message").last()).toContainText(text);
  await page.context().close();
});
