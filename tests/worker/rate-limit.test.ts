import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../worker/domain/errors.ts";
import { enforce, hit, isLimited } from "../../worker/domain/limits/rate-limit.ts";
import { UPLOADS_PER_HOUR } from "../../worker/domain/files/uploads.ts";
import { api, createUser, heldLimiterClock } from "./helpers.ts";
import { db } from "./money-helpers.ts";

/**
 * The fixed-window limiter (worker/domain/limits/rate-limit.ts): with a limit of N per window the (N+1)th hit is
 * refused with 429 and the seconds left in the window, up to the window's last millisecond; the next window starts
 * from zero. Times are set through the limiter's clock, so the boundaries are exact.
 */

const MINUTE = 60_000;
const HOUR = 3600_000;
/** The start of an hour-long window (any multiple of the window length is one). */
const WINDOW = Date.UTC(2026, 6, 1, 10);

let keySeq = 0;
const freshKey = () => `test:limit:${Date.now()}:${keySeq++}`;

/** The 429 an enforce call throws, as {status, code, seconds}; null when it lets the hit through. */
async function refusal(run: Promise<void>): Promise<{ status: number; code: string; seconds: unknown } | null> {
  try {
    await run;
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.status, code: err.code, seconds: err.params.seconds };
  }
}

afterEach(() => {
  heldLimiterClock.release();
});

describe("fixed window, called with its clock", () => {
  it("with a limit of 60 a minute, the 61st hit is refused with the seconds left; the next window lets one through", async () => {
    const key = freshKey();
    const t = WINDOW + 15_000;
    for (let i = 1; i <= 60; i++) expect(await refusal(enforce(db(), key, 60, MINUTE, t))).toBeNull();
    expect(await refusal(enforce(db(), key, 60, MINUTE, t))).toEqual({ status: 429, code: "TOO_MANY_REQUESTS", seconds: 45 });
    // The window's last millisecond still belongs to it (and every refused hit counts).
    expect(await refusal(enforce(db(), key, 60, MINUTE, WINDOW + MINUTE - 1))).toEqual({
      status: 429,
      code: "TOO_MANY_REQUESTS",
      seconds: 1,
    });
    expect(await refusal(enforce(db(), key, 60, MINUTE, WINDOW + MINUTE))).toBeNull();
    expect(await hit(db(), key, MINUTE, WINDOW + MINUTE)).toEqual({ count: 2, windowStart: WINDOW + MINUTE });
  });

  it("isLimited reads without counting: 0 below the limit, the seconds left at it, 0 again in the next window", async () => {
    const key = freshKey();
    for (let i = 0; i < 4; i++) await hit(db(), key, HOUR, WINDOW);
    expect(await isLimited(db(), key, 5, HOUR, WINDOW + 10 * MINUTE)).toBe(0);
    // Reading again did not count a fifth hit.
    expect(await isLimited(db(), key, 5, HOUR, WINDOW + 10 * MINUTE)).toBe(0);
    await hit(db(), key, HOUR, WINDOW);
    expect(await isLimited(db(), key, 5, HOUR, WINDOW + 10 * MINUTE)).toBe(50 * 60);
    expect(await isLimited(db(), key, 5, HOUR, WINDOW + HOUR - 1)).toBe(1);
    expect(await isLimited(db(), key, 5, HOUR, WINDOW + HOUR)).toBe(0);
  });

  it("seventy hits at once against a limit of 60 let exactly 60 through", async () => {
    const key = freshKey();
    const outcomes = await Promise.all(Array.from({ length: 70 }, () => refusal(enforce(db(), key, 60, MINUTE, WINDOW))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(60);
    expect(outcomes.filter((o) => o !== null)).toEqual(
      Array.from({ length: 10 }, () => ({ status: 429, code: "TOO_MANY_REQUESTS", seconds: 60 })),
    );
  });
});

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

function upload(token: string) {
  const form = new FormData();
  form.set("file", new File([PNG], "a.png", { type: "image/png" }));
  return api<string>("/upload", { token, body: form });
}

describe("over HTTP: POST /upload, 60 an hour per user", () => {
  it("the 61st upload of the hour is refused with 429 and Retry-After; at the next hour the 62nd goes through", async () => {
    expect(UPLOADS_PER_HOUR).toBe(60);
    const user = await createUser();
    heldLimiterClock.hold(WINDOW + 10 * MINUTE);
    for (let i = 1; i <= 60; i++) expect((await upload(user.token)).status, `upload ${i}`).toBe(200);

    const refused = await upload(user.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3000");
    expect(refused.body).toEqual({ type: "error", code: "TOO_MANY_REQUESTS", message: "Too many attempts, please try again in 3000 s" });

    heldLimiterClock.hold(WINDOW + HOUR - 1);
    const last = await upload(user.token);
    expect(last.status).toBe(429);
    expect(last.headers.get("Retry-After")).toBe("1");

    heldLimiterClock.hold(WINDOW + HOUR);
    expect((await upload(user.token)).status).toBe(200);
    // Another user has a budget of their own.
    heldLimiterClock.hold(WINDOW + 10 * MINUTE);
    expect((await upload((await createUser()).token)).status).toBe(200);
  });
});
