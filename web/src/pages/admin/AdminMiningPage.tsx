import type { MiningConfigView } from "../../../../schema/api/mining.ts";
import { get } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { ProductConfigPage } from "./ProductConfigPage.tsx";
import type { ProductConfig } from "./product-config.ts";

/** Lock-mining configurations per coin; orders keep the terms they were made with. */
const MINING: ProductConfig<MiningConfigView> = {
  testId: "mining",
  title: "earn.admin.miningTitle",
  listKey: "mining-configs",
  list: () => get<MiningConfigView[]>("/admin/mining/configs", undefined, { silent: true }),
  savePath: "/admin/mining/config",
  invalidates: [[Q.earn]],
  fields: [
    { key: "currency", label: "earn.admin.coin", kind: "coin", initial: "USDT", read: (c) => c.currency },
    { key: "days", label: "earn.mining.period", kind: "integer", min: 1, max: 3650, initial: "30", read: (c) => c.days },
    { key: "daily_rate", label: "earn.admin.dailyRate", kind: "percent", max: 100, initial: "0.35", read: (c) => c.daily_rate },
    { key: "min_amount", label: "earn.mining.minAmount", kind: "decimal", initial: "100", read: (c) => c.min_amount },
    { key: "cancel_ratio", label: "earn.admin.cancelRatio", kind: "percent", max: 100, initial: "0.4", read: (c) => c.cancel_ratio },
  ],
  enabled: { label: "earn.admin.enabled", read: (c) => c.enabled === 1 },
  texts: {
    create: "earn.admin.create",
    edit: "earn.admin.edit",
    save: "earn.admin.save",
    saved: "earn.admin.saved",
    empty: "earn.mining.noProducts",
  },
  card: {
    title: (c, t) => t("earn.mining.productTitle", { coin: c.currency, days: c.days }),
    badge: (c, t) => (c.enabled ? { text: t("earn.admin.on"), tone: "up" } : { text: t("earn.admin.off"), tone: "warn" }),
    rows: (c) => [
      ["earn.admin.dailyRate", amount(c.daily_rate)],
      ["earn.mining.minAmount", `${amount(c.min_amount)} ${c.currency}`],
      ["earn.admin.cancelRatio", amount(c.cancel_ratio)],
    ],
  },
};

/** Console: lock-mining configurations per coin, created and edited here (each change audited). */
export default function AdminMiningPage() {
  useTexts("earn");
  return <ProductConfigPage config={MINING} />;
}
