import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createUser } from "./helpers.ts";
import { freshIp, login, post } from "./auth-support.ts";
import { PAY_PASSWORD, USDT, balance, fund, withdrawCode, withdrawer } from "./money-helpers.ts";
import { api } from "./helpers.ts";

/**
 * Password throttles under parallel guesses: a try is reserved before the
 * password is hashed, so a burst of twenty guesses runs PBKDF2 at most five
 * times (the budget) and the rest are 429 without any hashing.
 */

const BURST = 20;
const BUDGET = 5;

/** Counts PBKDF2 evaluations (deriveBits) while `run` runs. */
async function pbkdf2Calls(run: () => Promise<unknown>): Promise<number> {
  const derive = vi.spyOn(crypto.subtle, "deriveBits");
  await run();
  const n = derive.mock.calls.length;
  derive.mockRestore();
  return n;
}

afterEach(() => vi.restoreAllMocks());

// The budgets count tries in fixed 15-minute windows (worker/domain/auth). A test that straddled a window's edge would
// meet the next window's fresh budget, so none starts in a window's last minute.
const WINDOW_MS = 15 * 60_000;
beforeEach(async () => {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 60_000) await new Promise((r) => setTimeout(r, left + 50));
}, 70_000);

const codes = (results: { status: number; body: { code?: string } }[]) => results.map((r) => `${r.status} ${r.body.code}`).sort();

const expectBudgetHeld = (results: { status: number; body: { code?: string } }[], wrong: string) =>
  expect(codes(results)).toEqual([...Array(BUDGET).fill(`400 ${wrong}`), ...Array(BURST - BUDGET).fill("429 TOO_MANY_REQUESTS")].sort());

describe("parallel password guesses", () => {
  it("log-in: twenty parallel wrong guesses hash at most five; the rest, and then the right password, are 429", async () => {
    const user = await createUser();
    const client = { ip: freshIp() };
    let results: Awaited<ReturnType<typeof login>>[] = [];
    const hashed = await pbkdf2Calls(async () => {
      results = await Promise.all(Array.from({ length: BURST }, (_, i) => login(client, user.email, `wrong guess ${i}`)));
    });
    expect(hashed).toBe(BUDGET);
    expectBudgetHeld(results, "LOGIN_FAILED");
    const right = await login({ ip: freshIp() }, user.email, user.password);
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("log-in: a right password gives its try back and clears the account's failures", async () => {
    const user = await createUser();
    const client = { ip: freshIp() };
    for (let i = 0; i < BUDGET - 1; i++) expect((await login(client, user.email, `wrong ${i}`)).body.code).toBe("LOGIN_FAILED");
    expect((await login(client, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < BUDGET; i++) expect((await login(client, user.email, `again ${i}`)).body.code).toBe("LOGIN_FAILED");
    expect((await login(client, user.email, `again ${BUDGET}`)).status).toBe(429);
  });

  it("current log-in password (/safe/login_password): twenty parallel wrong guesses hash at most five", async () => {
    const user = await createUser();
    const client = { ip: freshIp() };
    const form = (i: number) => ({ oldPassword: `wrong guess ${i}`, password: "new-password-1", re_password: "new-password-1" });
    let results: Awaited<ReturnType<typeof post>>[] = [];
    const hashed = await pbkdf2Calls(async () => {
      results = await Promise.all(Array.from({ length: BURST }, (_, i) => post("/safe/login_password", form(i), client, user.token)));
    });
    expect(hashed).toBe(BUDGET);
    expectBudgetHeld(results, "OLD_PASSWORD_WRONG");
    const right = await post("/safe/login_password", { ...form(0), oldPassword: user.password }, client, user.token);
    expect(right.status).toBe(429);
  });

  it("current pay password (/safe/update_password): twenty parallel wrong guesses hash at most five", async () => {
    const user = await createUser();
    const client = { ip: freshIp() };
    const first = { password: "111111", re_password: "111111", login_password: user.password };
    expect((await post("/safe/update_password", first, client, user.token)).status).toBe(200);
    const form = (i: number) => ({ oldPassword: `9${String(i).padStart(5, "0")}`, password: "222222", re_password: "222222" });
    let results: Awaited<ReturnType<typeof post>>[] = [];
    const hashed = await pbkdf2Calls(async () => {
      results = await Promise.all(Array.from({ length: BURST }, (_, i) => post("/safe/update_password", form(i), client, user.token)));
    });
    expect(hashed).toBe(BUDGET);
    expectBudgetHeld(results, "OLD_PASSWORD_WRONG");
  });

  it("pay password at POST /wallet/out: twenty parallel wrong guesses hash at most five and move nothing", async () => {
    const u = await withdrawer({ fundUsdt: 100_000_000 });
    const code = await withdrawCode(u.email);
    const form = (i: number) => ({ currency: "USDT", number: "20", address: String(u.addressId), pay_password: `wrong ${i}`, code });
    let results: Awaited<ReturnType<typeof api>>[] = [];
    const hashed = await pbkdf2Calls(async () => {
      results = await Promise.all(Array.from({ length: BURST }, (_, i) => api("/wallet/out", { token: u.token, form: form(i) })));
    });
    expect(hashed).toBe(BUDGET);
    expectBudgetHeld(results, "PAY_PASSWORD_WRONG");
    const right = await api("/wallet/out", { token: u.token, form: { ...form(0), pay_password: PAY_PASSWORD } });
    expect(right.status).toBe(429);
    expect(await balance(u.id, USDT)).toEqual({ available: 100_000_000, locked: 0 });
  });

  it("the pay-password form and withdrawals share one budget of guesses", async () => {
    const u = await withdrawer();
    await fund(u.id, USDT, 100_000_000);
    const client = { ip: freshIp() };
    for (let i = 0; i < BUDGET; i++) {
      const res = await post(
        "/safe/update_password",
        { oldPassword: `guess-${i}`, password: "222222", re_password: "222222" },
        client,
        u.token,
      );
      expect(res.body.code).toBe("OLD_PASSWORD_WRONG");
    }
    const code = await withdrawCode(u.email);
    const res = await api("/wallet/out", {
      token: u.token,
      form: { currency: "USDT", number: "20", address: String(u.addressId), pay_password: PAY_PASSWORD, code },
    });
    expect(res.status).toBe(429);
  });
});
