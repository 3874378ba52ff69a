import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import {
  addDepositAddress,
  type AdminDepositAddress,
  adminCurrenciesQuery,
  adminDepositAddressesQuery,
  setDepositAddressEnabled,
} from "../../features/admin/api.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { type FieldMessage, fieldMessageText } from "../../lib/form/messages.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { useTexts } from "../../lib/i18n.ts";

const CHAIN = /^[A-Z0-9]{2,16}$/;
const ADDRESS = /^[A-Za-z0-9:_-]{10,128}$/;

function AddForm() {
  useTexts("admin", "fund");
  const { t } = useTranslation();
  const currencies = useQuery(adminCurrenciesQuery);
  const { values, set, errors, submitting, submit } = useForm({ currency: "", chain: "", address: "" });
  const text = (error: FieldMessage | undefined) => (error ? fieldMessageText(t, error) : "");

  const check = () => ({
    currency: values.currency ? undefined : { key: "admin.addresses.pickCurrency" },
    chain: CHAIN.test(values.chain.trim()) ? undefined : { key: "admin.addresses.chainInvalid" },
    address: ADDRESS.test(values.address.trim()) ? undefined : { key: "admin.addresses.addressInvalid" },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(check, async () => {
      const chain = values.chain.trim();
      const address = values.address.trim();
      const name = currencies.data?.find((c) => String(c.id) === values.currency)?.name ?? "";
      const ok = await confirmDialog({
        title: t("admin.addresses.addTitle"),
        message: t("admin.addresses.addMessage", { currency: name, chain, address }),
      });
      if (!ok) return;
      // addDepositAddress invalidates the list below and the users' deposit addresses.
      await addDepositAddress({ currency: Number(values.currency), chain, address }, { silent: true });
      toast(t("admin.addresses.added"));
      set("chain")("");
      set("address")("");
    });
  };

  return (
    <form className="admin-card address-form" onSubmit={onSubmit} noValidate>
      <h3 className="card-title">{t("admin.addresses.addTitle")}</h3>
      <div className="address-form-fields">
        <div className="field">
          <label htmlFor="addr-currency">{t("fund.common.coin")}</label>
          <select
            id="addr-currency"
            className="input"
            value={values.currency}
            onChange={(e) => set("currency")(e.target.value)}
            data-testid="admin-address-currency"
          >
            <option value="">{t("admin.addresses.pickCurrency")}</option>
            {(currencies.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <span className="field-error">{text(errors.currency)}</span>
        </div>
        <div className="field">
          <label htmlFor="addr-chain">{t("admin.addresses.chain")}</label>
          <input
            id="addr-chain"
            className="input"
            value={values.chain}
            placeholder={t("admin.addresses.chainPlaceholder")}
            onChange={(e) => set("chain")(e.target.value.toUpperCase())}
            data-testid="admin-address-chain"
          />
          <span className="field-error">{text(errors.chain)}</span>
        </div>
        <div className="field field-wide">
          <label htmlFor="addr-address">{t("admin.addresses.address")}</label>
          <input
            id="addr-address"
            className="input mono"
            value={values.address}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set("address")(e.target.value)}
            data-testid="admin-address-address"
          />
          <span className="field-error">{text(errors.address)}</span>
        </div>
      </div>
      <button type="submit" className="btn btn-small btn-primary" disabled={submitting}>
        {t("admin.addresses.add")}
      </button>
    </form>
  );
}

/** Where users send deposits: addresses per coin and chain, switched on and off (never deleted). */
export default function AdminDepositAddressesPage() {
  useTexts("admin", "fund");
  const { t } = useTranslation();
  const query = useQuery(adminDepositAddressesQuery);
  const [busy, setBusy] = useState<number | null>(null);

  const toggle = async (a: AdminDepositAddress) => {
    const enable = a.enabled !== 1;
    const ok = await confirmDialog({
      title: enable ? t("admin.addresses.enableTitle") : t("admin.addresses.disableTitle"),
      message: t("admin.addresses.toggleMessage", { currency: a.currency, chain: a.chain, address: a.address }),
    });
    if (!ok) return;
    setBusy(a.id);
    try {
      toast(await setDepositAddressEnabled(a.id, enable));
    } catch {
      // the client showed why
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else if (query.data.length === 0) body = <EmptyState text={t("admin.addresses.none")} />;
  else
    body = (
      <div className="table-wrap">
        <table className="admin-table stack-sm">
          <thead>
            <tr>
              <th>{t("fund.common.coin")}</th>
              <th>{t("admin.addresses.chain")}</th>
              <th>{t("admin.addresses.address")}</th>
              <th>{t("admin.addresses.addedOn")}</th>
              <th>{t("admin.addresses.state")}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((a) => (
              <tr key={a.id}>
                <td data-label={t("fund.common.coin")}>{a.currency}</td>
                <td data-label={t("admin.addresses.chain")}>{a.chain}</td>
                <td className="mono break" data-label={t("admin.addresses.address")}>
                  {a.address}
                </td>
                <td className="nowrap" data-label={t("admin.addresses.addedOn")}>
                  {formatDate(a.created_at)}
                </td>
                <td data-label={t("admin.addresses.state")}>
                  <button
                    type="button"
                    className={`btn btn-small nowrap ${a.enabled ? "btn-ghost" : "btn-primary"}`}
                    disabled={busy === a.id}
                    onClick={() => void toggle(a)}
                  >
                    {a.enabled ? t("admin.addresses.disable") : t("admin.addresses.enable")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <AdminShell title={t("admin.nav.addresses")}>
      <AddForm />
      {body}
    </AdminShell>
  );
}
