import type { ParseKeys, TFunction } from "i18next";
import { dec } from "../../lib/decimal.ts";
import type { QueryKey } from "../../lib/query/client.ts";

/**
 * The description of a console product page (ProductConfigPage): its fields, API paths, texts and list card, and the
 * pure steps between a product, the form's draft and the save request.
 */

export type TextKey = ParseKeys;

type Common<P> = {
  /** The form's name for the field, and the suffix of its test id (`<testId>-<key>`). */
  key: string;
  label: TextKey;
  /** The request's name for it, when not `key`. */
  param?: string;
  /** The product's current value (a date as epoch milliseconds). */
  read: (p: P) => string | number;
};

export type ProductField<P> = Common<P> &
  (
    | { kind: "text"; initial: string; maxLength?: number; optional?: boolean }
    | { kind: "coin"; initial: string }
    /** Read in the user's language (AmountInput) and sent as a canonical decimal. */
    | { kind: "decimal"; initial: string }
    | { kind: "percent"; initial: string; max: number }
    | { kind: "integer"; initial: string; min: number; max: number }
    /** A minute in UTC, edited as datetime-local text, sent as epoch milliseconds; the initial value from the clock. */
    | { kind: "date"; initial: (now: number) => number }
    | { kind: "select"; initial: string; options: readonly { value: string; label: TextKey }[] }
  );

type Badge = { text: string; tone?: "up" | "warn" };

export type ProductConfig<P extends { id: number }> = {
  /** Names the page's test ids: `<testId>-new`, `admin-<testId>-form`, `<testId>-<field>`, `<testId>-save`, `admin-<testId>-list`. */
  testId: string;
  title: TextKey;
  /** The list (under [Q.admin, listKey]) and the one save path: no id creates, an id edits. */
  listKey: string;
  list: () => Promise<P[]>;
  savePath: string;
  /** Reads to refresh after a save, besides the console's own. */
  invalidates: readonly QueryKey[];
  fields: readonly ProductField<P>[];
  /** The on/off switch, sent as `enabled` "1" or "0". */
  enabled: { label: TextKey; read: (p: P) => boolean };
  texts: { create: TextKey; edit: TextKey; save: TextKey; saved: TextKey; empty: TextKey };
  /** How a product reads in the list: its title, its state and a few figures (label key, shown value). */
  card: {
    title: (p: P, t: TFunction) => string;
    badge: (p: P, t: TFunction) => Badge;
    rows: (p: P, t: TFunction) => readonly (readonly [TextKey, string])[];
  };
};

export type Draft = { id?: number; values: Record<string, string> };

/** "2026-11-24T10:00" in UTC, as a datetime-local input holds it. */
const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const epochOf = (minute: string) => String(Date.parse(`${minute}:00Z`));

export function emptyDraft<P>(fields: readonly ProductField<P>[], now: number): Draft {
  const values: Record<string, string> = { enabled: "1" };
  for (const f of fields) values[f.key] = f.kind === "date" ? utcMinute(f.initial(now)) : f.initial;
  return { values };
}

export function draftOf<P extends { id: number }>(config: ProductConfig<P>, p: P): Draft {
  const values: Record<string, string> = { enabled: config.enabled.read(p) ? "1" : "0" };
  for (const f of config.fields) values[f.key] = f.kind === "date" ? utcMinute(Number(f.read(p))) : String(f.read(p));
  return { id: p.id, values };
}

/** The request body: every field under its request name, dates as epoch milliseconds. */
export function bodyOf<P>(
  fields: readonly ProductField<P>[],
  draft: Draft,
  values: Record<string, string>,
): Record<string, string | number | undefined> {
  const body: Record<string, string | number | undefined> = { id: draft.id, enabled: values.enabled };
  for (const f of fields) body[f.param ?? f.key] = f.kind === "date" ? epochOf(values[f.key] ?? "") : values[f.key];
  return body;
}

/** What the browser finds wrong with a field before a request (the page words it): present, in range, a real date. */
export type FieldIssue =
  { kind: "required" } | { kind: "wholeNumber"; min: number; max: number } | { kind: "percentMax"; max: number } | { kind: "date" };

export function fieldIssue<P>(f: ProductField<P>, value: string): FieldIssue | undefined {
  if (!value.trim()) return f.kind === "text" && f.optional ? undefined : { kind: "required" };
  switch (f.kind) {
    case "integer":
      return /^\d{1,15}$/.test(value) && dec(value).gte(f.min) && dec(value).lte(f.max)
        ? undefined
        : { kind: "wholeNumber", min: f.min, max: f.max };
    case "percent":
      return dec(value).lte(f.max) ? undefined : { kind: "percentMax", max: f.max };
    case "date":
      return Number.isNaN(Date.parse(`${value}:00Z`)) ? { kind: "date" } : undefined;
    default:
      return undefined;
  }
}
