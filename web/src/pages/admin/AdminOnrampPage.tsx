import { useTranslation } from "react-i18next";
import { DecisionActions, useDecision } from "../../features/admin/components/Decision.tsx";
import {
  type AdminOnrampStatus,
  type OnrampOrderView,
  cancelOnrampByOperator,
  confirmOnramp,
  fetchAdminOnramp,
} from "../../features/onramp/api.ts";
import { amount } from "../../lib/format.ts";
import { formatDate } from "../../lib/time.ts";
import { useCountryName } from "../../features/onramp/components.tsx";
import { QueuePage } from "./QueuePage.tsx";
import { UserCell } from "./parts.tsx";
import { useTexts } from "../../lib/i18n.ts";

const STATUS_CLASS = { 1: "warn", 2: "up", 3: "down" } as const;

function OnrampCard({ item }: { item: OnrampOrderView }) {
  useTexts("admin", "onramp");
  const { t } = useTranslation();
  const countryName = useCountryName();
  const figure = `${amount(item.amount)} ${item.fiat}`;
  const usdt = `${amount(item.usdt)} USDT`;
  const awaitingSecond = item.status === 1 && item.first_approved_by !== null;
  const decision = useDecision({
    approve: {
      title: t("onramp.admin.confirmTitle"),
      message: t("onramp.admin.confirmMessage", { amount: figure, reference: item.reference, usdt }),
      run: (key) => confirmOnramp(item.id, key),
    },
    reject: {
      title: t("onramp.admin.cancelTitle"),
      message: t("onramp.admin.cancelMessage", { reference: item.reference }),
      run: (reason, key) => cancelOnrampByOperator(item.id, reason, key),
    },
  });
  return (
    <article className="admin-card" data-testid={`admin-onramp-${item.id}`}>
      <header className="row-between">
        <UserCell uid={item.uid ?? null} email={item.account} userId={item.user_id ?? 0} />
        <span className={`status-badge ${STATUS_CLASS[item.status]}`}>{t(`onramp.status.${item.status}`)}</span>
      </header>
      <div className="admin-figure num">{figure}</div>
      {awaitingSecond && <p className="notice notice-warn">{t("onramp.admin.awaitingSecond")}</p>}
      <dl className="kv kv-grid">
        <dt>{t("onramp.order.reference")}</dt>
        <dd className="mono" data-testid="admin-onramp-reference">
          {item.reference}
        </dd>
        <dt>{t("onramp.form.receive")}</dt>
        <dd className="num">{usdt}</dd>
        <dt>{t("onramp.form.rate")}</dt>
        <dd className="num">{t("onramp.form.rateValue", { rate: amount(item.rate), fiat: item.fiat })}</dd>
        <dt>{t("onramp.admin.payer")}</dt>
        <dd>
          {item.first_name} {item.last_name} · {item.phone} · {item.tax_id}
        </dd>
        <dt>{t("onramp.form.bank")}</dt>
        <dd>
          {item.bank} ({countryName(item.country)})
        </dd>
        <dt>{t("onramp.order.created")}</dt>
        <dd>{formatDate(item.created_at, true)}</dd>
        <dt>{t("onramp.admin.expires")}</dt>
        <dd>{formatDate(item.expires_at, true)}</dd>
      </dl>
      {item.status === 1 && (
        <DecisionActions
          decision={decision}
          approveLabel={awaitingSecond ? t("admin.fourEyes.approveSecond") : t("onramp.admin.confirm")}
        />
      )}
      {decision.element}
    </article>
  );
}

/**
 * Buy-crypto orders: match a received transfer by its reference and amount, then confirm it (credits the order's
 * USDT once; above USDT's four-eyes threshold a second operator confirms too) or cancel it with a reason.
 */
export default function AdminOnrampPage() {
  useTexts("admin", "onramp");
  const { t } = useTranslation();
  return (
    <QueuePage
      title={t("onramp.admin.nav")}
      statuses={["1", "2", "3", "all"] as const satisfies readonly AdminOnrampStatus[]}
      label={(s) => (s === "all" ? t("onramp.admin.all") : t(`onramp.status.${s}`))}
      load={fetchAdminOnramp}
      Card={OnrampCard}
    />
  );
}
