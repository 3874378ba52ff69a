import { describe, expect, it } from "vitest";
import {
  bodyOf,
  draftOf,
  emptyDraft,
  fieldIssue,
  type ProductConfig,
  type ProductField,
} from "../../web/src/pages/admin/product-config.ts";

/** The console's product pages (dual, IEO, lock mining) share one form: drafts, the browser's checks and the save request. */

type Product = { id: number; name: string; coin: string; rate: string; shares: number; opens: number; kind: string; on: 0 | 1 };

const NOW = Date.UTC(2026, 10, 24, 10, 0, 30);
const DAY = 86_400_000;

const FIELDS: readonly ProductField<Product>[] = [
  { key: "name", label: "invest.admin.name", kind: "text", maxLength: 60, initial: "", read: (p) => p.name },
  { key: "note", label: "earn.ieoAdmin.description", kind: "text", optional: true, initial: "", read: () => "" },
  { key: "currency", label: "earn.admin.coin", kind: "coin", initial: "USDT", read: (p) => p.coin },
  { key: "rate", label: "earn.admin.dailyRate", kind: "percent", max: 100, initial: "0.35", read: (p) => p.rate },
  { key: "price", label: "earn.ieoAdmin.price", kind: "decimal", initial: "", read: () => "0.05" },
  { key: "shares", label: "invest.admin.total", kind: "integer", min: 1, max: 100_000_000, initial: "", read: (p) => p.shares },
  { key: "start", param: "start_time", label: "invest.admin.start", kind: "date", initial: (now) => now + DAY, read: (p) => p.opens },
  {
    key: "type",
    label: "invest.admin.type",
    kind: "select",
    options: [
      { value: "call", label: "invest.type.call" },
      { value: "put", label: "invest.type.put" },
    ],
    initial: "call",
    read: (p) => p.kind,
  },
];

const CONFIG = { fields: FIELDS, enabled: { label: "earn.admin.enabled", read: (p: Product) => p.on === 1 } } as Pick<
  ProductConfig<Product>,
  "fields" | "enabled"
> as ProductConfig<Product>;

const field = (key: string) => FIELDS.find((f) => f.key === key)!;

describe("admin product configuration", () => {
  it("starts a new product from each field's default, dates as the UTC minute of the clock plus their offset, switched on", () => {
    expect(emptyDraft(FIELDS, NOW)).toEqual({
      values: {
        enabled: "1",
        name: "",
        note: "",
        currency: "USDT",
        rate: "0.35",
        price: "",
        shares: "",
        start: "2026-11-25T10:00",
        type: "call",
      },
    });
  });

  it("edits a product from its current values, with its id and its switch", () => {
    const p: Product = {
      id: 7,
      name: "BTC up",
      coin: "BTC",
      rate: "36.5",
      shares: 500,
      opens: Date.UTC(2026, 0, 2, 3, 4),
      kind: "put",
      on: 0,
    };
    expect(draftOf(CONFIG, p)).toEqual({
      id: 7,
      values: {
        enabled: "0",
        name: "BTC up",
        note: "",
        currency: "BTC",
        rate: "36.5",
        price: "0.05",
        shares: "500",
        start: "2026-01-02T03:04",
        type: "put",
      },
    });
  });

  it("sends every field under its request name, the date as epoch milliseconds, the id only when editing", () => {
    const values = { ...emptyDraft(FIELDS, NOW).values, name: "X", price: "0.05", shares: "10", start: "2026-11-25T10:00" };
    expect(bodyOf(FIELDS, { values }, values)).toEqual({
      id: undefined,
      enabled: "1",
      name: "X",
      note: "",
      currency: "USDT",
      rate: "0.35",
      price: "0.05",
      shares: "10",
      start_time: String(Date.UTC(2026, 10, 25, 10, 0)),
      type: "call",
    });
    expect(bodyOf(FIELDS, { id: 3, values }, { ...values, enabled: "0" })).toMatchObject({ id: 3, enabled: "0" });
  });

  it("requires every field but an optional text", () => {
    for (const key of ["name", "currency", "rate", "price", "shares", "start", "type"])
      expect(fieldIssue(field(key), " "), key).toEqual({ kind: "required" });
    expect(fieldIssue(field("note"), "")).toBeUndefined();
  });

  it("takes a whole number within the field's range and names the range otherwise", () => {
    const range = { kind: "wholeNumber", min: 1, max: 100_000_000 };
    expect(fieldIssue(field("shares"), "1")).toBeUndefined();
    expect(fieldIssue(field("shares"), "100000000")).toBeUndefined();
    for (const bad of ["0", "100000001", "1.5", "-2", "1e3", "ten"]) expect(fieldIssue(field("shares"), bad), bad).toEqual(range);
  });

  it("refuses a percent above the field's bound", () => {
    expect(fieldIssue(field("rate"), "100")).toBeUndefined();
    expect(fieldIssue(field("rate"), "100.01")).toEqual({ kind: "percentMax", max: 100 });
  });

  it("refuses a date the browser could not read", () => {
    expect(fieldIssue(field("start"), "2026-11-25T10:00")).toBeUndefined();
    expect(fieldIssue(field("start"), "2026-13-40T10:00")).toEqual({ kind: "date" });
  });
});
