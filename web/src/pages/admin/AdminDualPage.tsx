import type { DualProductView } from "../../../../schema/api/dual.ts";
import { get } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { formatDate } from "../../lib/time.ts";
import { ProductConfigPage } from "./ProductConfigPage.tsx";
import type { ProductConfig } from "./product-config.ts";

const DAY_MS = 86_400_000;

/** Dual products; the worker keeps the offer above what is sold. */
const DUAL: ProductConfig<DualProductView> = {
  testId: "dual",
  title: "invest.admin.title",
  listKey: "dual-products",
  list: () => get<{ dual_currencys: DualProductView[] }>("/admin/dual/products", {}, { silent: true }).then((r) => r.dual_currencys),
  savePath: "/admin/dual/product",
  invalidates: [[Q.earn]],
  fields: [
    { key: "name", label: "invest.admin.name", kind: "text", maxLength: 60, initial: "", read: (p) => p.name },
    { key: "currency", label: "invest.admin.coin", kind: "coin", initial: "BTC", read: (p) => p.currency_name },
    {
      key: "type",
      label: "invest.admin.type",
      kind: "select",
      options: [
        { value: "call", label: "invest.type.call" },
        { value: "put", label: "invest.type.put" },
      ],
      initial: "call",
      read: (p) => p.type,
    },
    { key: "rate", label: "invest.admin.rate", kind: "percent", max: 1000, initial: "", read: (p) => p.rate },
    { key: "exercise_price", label: "invest.admin.linkedPrice", kind: "decimal", initial: "", read: (p) => p.exercise_price },
    { key: "per_price", label: "invest.admin.perPrice", kind: "decimal", initial: "", read: (p) => p.per_price },
    {
      key: "total_number",
      label: "invest.admin.total",
      kind: "integer",
      min: 1,
      max: 100_000_000,
      initial: "",
      read: (p) => p.total_number,
    },
    {
      key: "user_limit",
      label: "invest.admin.userLimit",
      kind: "integer",
      min: 1,
      max: 100_000_000,
      initial: "",
      read: (p) => p.user_limit,
    },
    { key: "start", param: "start_time", label: "invest.admin.start", kind: "date", initial: (now) => now, read: (p) => p.start_time },
    { key: "end", param: "end_time", label: "invest.admin.end", kind: "date", initial: (now) => now + 7 * DAY_MS, read: (p) => p.end_time },
    { key: "day", label: "invest.admin.days", kind: "integer", min: 1, max: 3650, initial: "7", read: (p) => p.day },
  ],
  enabled: { label: "invest.admin.enabled", read: (p) => Boolean(p.enabled) },
  texts: {
    create: "invest.admin.new",
    edit: "invest.admin.edit",
    save: "invest.admin.save",
    saved: "invest.admin.saved",
    empty: "invest.admin.none",
  },
  card: {
    title: (p, t) => `${p.name} · ${t(`invest.type.${p.type}`)}`,
    badge: (p, t) => ({ text: p.enabled ? t(`invest.saleStatus.${p.status}`) : "–" }),
    rows: (p) => [
      ["invest.apr", `${amount(p.rate)}%`],
      ["invest.linkedPrice", `${amount(p.exercise_price)} USDT`],
      ["invest.admin.sold", `${amount(p.purchased_number)} / ${amount(p.total_number)}`],
      ["invest.window", `${formatDate(p.start_time, true)} – ${formatDate(p.end_time, true)}`],
      ["invest.settlement", formatDate(p.settle_time, true)],
    ],
  },
};

/** Console: dual products, created and edited here (each change audited). */
export default function AdminDualPage() {
  useTexts("invest");
  return <ProductConfigPage config={DUAL} />;
}
