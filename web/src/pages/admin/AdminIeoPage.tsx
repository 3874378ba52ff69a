import type { IeoProjectView } from "../../../../schema/api/ieo.ts";
import { get } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { formatDate } from "../../lib/time.ts";
import { ProductConfigPage } from "./ProductConfigPage.tsx";
import type { ProductConfig } from "./product-config.ts";

const DAY_MS = 86_400_000;

/** IEO projects; the worker keeps the offer above what is sold. */
const IEO: ProductConfig<IeoProjectView> = {
  testId: "ieo",
  title: "earn.ieoAdmin.title",
  listKey: "ieo-projects",
  list: () => get<{ list: IeoProjectView[] }>("/admin/ieo/projects", { limit: 100 }, { silent: true }).then((r) => r.list),
  savePath: "/admin/ieo/project",
  invalidates: [[Q.earn]],
  fields: [
    { key: "name", label: "earn.ieoAdmin.name", kind: "text", maxLength: 60, initial: "", read: (p) => p.name },
    { key: "currency", label: "earn.ieoAdmin.token", kind: "coin", initial: "", read: (p) => p.currency },
    { key: "pay_currency", label: "earn.ieoAdmin.payCoin", kind: "coin", initial: "USDT", read: (p) => p.pay_currency },
    { key: "price", label: "earn.ieoAdmin.price", kind: "decimal", initial: "", read: (p) => p.price },
    { key: "total_amount", label: "earn.ieoAdmin.total", kind: "decimal", initial: "", read: (p) => p.total_amount },
    { key: "min_amount", label: "earn.ieoAdmin.min", kind: "decimal", initial: "1", read: (p) => p.min_amount },
    { key: "start", param: "start_at", label: "earn.ieoAdmin.start", kind: "date", initial: (now) => now, read: (p) => p.start_at },
    { key: "end", param: "end_at", label: "earn.ieoAdmin.end", kind: "date", initial: (now) => now + 7 * DAY_MS, read: (p) => p.end_at },
    { key: "lock_days", label: "earn.ieoAdmin.lockDays", kind: "integer", min: 0, max: 9999, initial: "0", read: (p) => p.lock_days },
    {
      key: "description",
      label: "earn.ieoAdmin.description",
      kind: "text",
      maxLength: 2000,
      optional: true,
      initial: "",
      read: (p) => p.description,
    },
  ],
  enabled: { label: "earn.admin.enabled", read: (p) => Boolean(p.enabled) },
  texts: {
    create: "earn.ieoAdmin.create",
    edit: "earn.admin.edit",
    save: "earn.admin.save",
    saved: "earn.admin.saved",
    empty: "earn.ieo.noProjects",
  },
  card: {
    title: (p) => `${p.name} (${p.currency})`,
    badge: (p, t) => ({ text: t(`earn.ieo.status.${p.time_status}`) }),
    rows: (p) => [
      ["earn.ieo.price", `${amount(p.price)} ${p.pay_currency}`],
      ["earn.ieoAdmin.sold", `${amount(p.sold)} / ${amount(p.total_amount)}`],
      ["earn.ieo.period", `${formatDate(p.start_at, true)} – ${formatDate(p.end_at, true)}`],
    ],
  },
};

/** Console: IEO projects, created and edited here (each change audited). */
export default function AdminIeoPage() {
  useTexts("earn");
  return <ProductConfigPage config={IEO} />;
}
