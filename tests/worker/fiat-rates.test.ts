import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FiatRate } from "../../schema/api/content.ts";
import { type FetchFn, fetchRates, parseProviderRates, refreshFiatRates } from "../../worker/domain/fiat/rates.ts";
import { api } from "./helpers.ts";

const URL_ = "https://rates.example/latest.json";
const ENV = { ...env, FIAT_RATES_URL: URL_ };
const NOW = Date.UTC(2026, 5, 1, 0, 5);
const SEEDED_AT = Date.UTC(2026, 4, 31, 0, 5);

/** A fetch that answers one JSON body and records what it was asked for. */
function provider(body: unknown, init: ResponseInit = { status: 200 }) {
  const calls: string[] = [];
  const fetch: FetchFn = async (input) => {
    calls.push(input);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      ...init,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch, calls };
}

async function stored(): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare("SELECT currency_code, rate FROM fiat_rates").all<{ currency_code: string; rate: string }>();
  return Object.fromEntries(results.map((r) => [r.currency_code, r.rate]));
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM fiat_rates").run();
  await env.DB.batch(
    [
      ["USD", "1"],
      ["EUR", "0.86"],
      ["JPY", "150.5"],
      ["VND", "26300"],
    ].map(([code, rate]) =>
      env.DB.prepare("INSERT INTO fiat_rates (currency_code, rate, updated_at) VALUES (?, ?, ?)").bind(code, rate, SEEDED_AT),
    ),
  );
});

describe("fiat rate provider parsing", () => {
  it("reads the common {rates: {CODE: number}} shape, keeps only the 11 fiats and writes canonical decimals", () => {
    const rates = parseProviderRates({
      base: "USD",
      rates: { USD: 1, EUR: 0.9213, JPY: 151.25, CNY: "7.1400", VND: 26312.5, BTC: 0.000011, XAU: "junk ignored", chf: 0.8 },
    });
    expect(rates).toEqual({ USD: "1", EUR: "0.9213", JPY: "151.25", CNY: "7.14", VND: "26312.5" });
  });

  it("reads the original's {rates: [{currency_code, rate}]} shape", () => {
    const rates = parseProviderRates({
      baseCurrency: "USD",
      rates: [
        { currency_code: "gbp", rate: 0.7412, name: "Pound" },
        { currency_code: "THB", rate: "32.4" },
        { currency_code: "XYZ", rate: null },
      ],
    });
    expect(rates).toEqual({ USD: "1", GBP: "0.7412", THB: "32.4" });
  });

  it("rebases rates given against another base through USD with decimal arithmetic", () => {
    const rates = parseProviderRates({ base: "EUR", rates: { EUR: 1, USD: 1.25, JPY: 187.5, GBP: 0.8 } });
    expect(rates).toEqual({ USD: "1", EUR: "0.8", JPY: "150", GBP: "0.64" });
    expect(() => parseProviderRates({ base: "EUR", rates: { JPY: 160 } })).toThrow(/base/);
  });

  it("rejects junk: non-numbers, zero, negatives, NaN, Infinity, exponents out of range, absurd magnitudes", () => {
    for (const junk of ["abc", 0, -0.9, "NaN", "Infinity", "-1", "1e999", 1e12, 1e-12, "", "0x10", "1,5", true, null, {}]) {
      expect(() => parseProviderRates({ rates: { EUR: junk, JPY: 150 } }), String(junk)).toThrow();
    }
  });

  it("rejects answers that are not one of the two shapes or carry no supported fiat", () => {
    for (const body of [null, [], "rates", { rates: "x" }, { data: { EUR: 1 } }, { rates: { BTC: 1 } }, { rates: [] }]) {
      expect(() => parseProviderRates(body), JSON.stringify(body)).toThrow();
    }
  });

  it("fails on a non-200 answer or a body that is not JSON", async () => {
    await expect(fetchRates(provider({ rates: { EUR: 0.9 } }, { status: 503 }).fetch, URL_)).rejects.toThrow(/HTTP 503/);
    await expect(fetchRates(provider("<html>oops</html>").fetch, URL_)).rejects.toThrow(/not JSON/);
  });
});

describe("refreshFiatRates", () => {
  it("stores the provider's rates for the 11 fiats, USD always 1, and stamps the refresh time", async () => {
    const p = provider({
      rates: {
        USD: 1,
        EUR: 0.9213,
        JPY: 151.25,
        CNY: 7.14,
        GBP: 0.7412,
        HKD: 7.78,
        AED: 3.6725,
        THB: 32.4,
        PHP: 58.2,
        SGD: 1.3,
        VND: 26312.5,
        BTC: 0.00001,
      },
    });
    const result = await refreshFiatRates(ENV, { fetch: p.fetch, now: NOW });
    expect(p.calls).toEqual([URL_]);
    expect(result).toEqual({
      status: "updated",
      updated: ["USD", "CNY", "GBP", "HKD", "JPY", "EUR", "AED", "THB", "PHP", "SGD", "VND"],
      heldBack: [],
    });
    expect(await stored()).toEqual({
      USD: "1",
      CNY: "7.14",
      GBP: "0.7412",
      HKD: "7.78",
      JPY: "151.25",
      EUR: "0.9213",
      AED: "3.6725",
      THB: "32.4",
      PHP: "58.2",
      SGD: "1.3",
      VND: "26312.5",
    });
    const res = await api<FiatRate[]>("/fiat/rates");
    expect(res.status).toBe(200);
    expect(res.body.message.map((r) => r.currency_code)).toEqual([
      "USD",
      "CNY",
      "GBP",
      "HKD",
      "JPY",
      "EUR",
      "AED",
      "THB",
      "PHP",
      "SGD",
      "VND",
    ]);
    expect(res.body.message[0]).toEqual({ currency_code: "USD", rate: "1", updated_at: NOW });
    expect(res.body.message.every((r) => r.updated_at === NOW && typeof r.rate === "string")).toBe(true);
  });

  it("keeps the stored rates and logs when the provider is unreachable", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const down: FetchFn = async () => {
      throw new TypeError("Network connection lost");
    };
    const result = await refreshFiatRates(ENV, { fetch: down, now: NOW });
    expect(result).toEqual({ status: "failed", error: "Network connection lost" });
    expect(await stored()).toEqual({ USD: "1", EUR: "0.86", JPY: "150.5", VND: "26300" });
    expect(error).toHaveBeenCalledWith(expect.stringContaining("refresh failed; stored rates kept"));
    expect(error.mock.calls.flat().join(" ")).not.toContain(URL_);
    error.mockRestore();
  });

  it("keeps the stored rates when the provider errors or answers junk", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const p of [
      provider({ message: "quota exceeded" }, { status: 429 }),
      provider("not json at all"),
      provider({ rates: { EUR: "NaN", JPY: 152 } }),
      provider({ rates: { EUR: -0.9, JPY: 152 } }),
      provider({ rates: { EUR: 0.9, JPY: 1e15 } }),
      provider({ success: false, error: { code: 101 } }),
    ]) {
      const result = await refreshFiatRates(ENV, { fetch: p.fetch, now: NOW });
      expect(result.status).toBe("failed");
    }
    expect(error).toHaveBeenCalledTimes(6);
    const rows = await env.DB.prepare("SELECT currency_code, rate, updated_at FROM fiat_rates ORDER BY currency_code").all();
    expect(rows.results).toEqual([
      { currency_code: "EUR", rate: "0.86", updated_at: SEEDED_AT },
      { currency_code: "JPY", rate: "150.5", updated_at: SEEDED_AT },
      { currency_code: "USD", rate: "1", updated_at: SEEDED_AT },
      { currency_code: "VND", rate: "26300", updated_at: SEEDED_AT },
    ]);
    error.mockRestore();
  });

  it("holds back a rate that more than doubles or halves against the stored one, and updates the rest", async () => {
    // Warnings go to stderr with the errors (worker/domain/log.ts).
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    // JPY quoted the wrong way round (USD per JPY) is the classic provider mistake.
    const p = provider({ rates: { EUR: 0.87, JPY: 0.00664, VND: 26400 } });
    const result = await refreshFiatRates(ENV, { fetch: p.fetch, now: NOW });
    expect(result).toEqual({ status: "updated", updated: ["USD", "EUR", "VND"], heldBack: ["JPY"] });
    expect(await stored()).toEqual({ USD: "1", EUR: "0.87", JPY: "150.5", VND: "26400" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("JPY"));
    warn.mockRestore();
  });

  it("does nothing but log when no provider is configured", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const fetch = vi.fn<FetchFn>();
    const result = await refreshFiatRates({ ...env, FIAT_RATES_URL: "" }, { fetch, now: NOW });
    expect(result.status).toBe("skipped");
    expect(fetch).not.toHaveBeenCalled();
    expect(await stored()).toMatchObject({ EUR: "0.86" });
    log.mockRestore();
  });

  it("refuses a provider URL that is not http(s)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = vi.fn<FetchFn>();
    const result = await refreshFiatRates({ ...env, FIAT_RATES_URL: "file:///etc/passwd" }, { fetch, now: NOW });
    expect(result.status).toBe("failed");
    expect(fetch).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("GET /fiat/rates", () => {
  it("answers the stored fiats in spec order with USD pinned to 1, leaving out fiats never fetched", async () => {
    await env.DB.prepare("UPDATE fiat_rates SET rate = '1.0001' WHERE currency_code = 'USD'").run();
    const res = await api<FiatRate[]>("/fiat/rates");
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual([
      { currency_code: "USD", rate: "1", updated_at: SEEDED_AT },
      { currency_code: "JPY", rate: "150.5", updated_at: SEEDED_AT },
      { currency_code: "EUR", rate: "0.86", updated_at: SEEDED_AT },
      { currency_code: "VND", rate: "26300", updated_at: SEEDED_AT },
    ]);
  });

  it("answers USD even before any rate was stored", async () => {
    await env.DB.prepare("DELETE FROM fiat_rates").run();
    const res = await api<FiatRate[]>("/fiat/rates");
    expect(res.body.message).toEqual([{ currency_code: "USD", rate: "1", updated_at: 0 }]);
  });
});
