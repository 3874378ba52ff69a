import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  addDepositAddress,
  type AdminDepositAddress,
  fetchCurrencies,
  fetchDepositAddresses,
  setDepositAddressEnabled,
} from "../../features/admin/api.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";

const CHAIN = /^[A-Z0-9]{2,16}$/;
const ADDRESS = /^[A-Za-z0-9:_-]{10,128}$/;

function AddForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const currencies = useQuery(fetchCurrencies, []);
  const [currency, setCurrency] = useState("");
  const [chain, setChain] = useState("");
  const [address, setAddress] = useState("");
  const [errors, setErrors] = useState<{ currency?: string; chain?: string; address?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      currency: currency ? undefined : t("admin.addresses.pickCurrency"),
      chain: CHAIN.test(chain.trim()) ? undefined : t("admin.addresses.chainInvalid"),
      address: ADDRESS.test(address.trim()) ? undefined : t("admin.addresses.addressInvalid"),
    };
    setErrors(next);
    if (next.currency || next.chain || next.address) return;
    const name = currencies.data?.find((c) => String(c.id) === currency)?.name ?? "";
    const ok = await confirmDialog({
      title: t("admin.addresses.addTitle"),
      message: t("admin.addresses.addMessage", { currency: name, chain: chain.trim(), address: address.trim() }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await addDepositAddress({ currency: Number(currency), chain: chain.trim(), address: address.trim() });
      toast(t("admin.addresses.added"));
      setChain("");
      setAddress("");
      onAdded();
    } catch {
      // the client showed why
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-card address-form" onSubmit={submit} noValidate>
      <h3 className="card-title">{t("admin.addresses.addTitle")}</h3>
      <div className="address-form-fields">
        <div className="field">
          <label htmlFor="addr-currency">{t("fund.common.coin")}</label>
          <select
            id="addr-currency"
            className="input"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            data-testid="admin-address-currency"
          >
            <option value="">{t("admin.addresses.pickCurrency")}</option>
            {(currencies.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <span className="field-error">{errors.currency}</span>
        </div>
        <div className="field">
          <label htmlFor="addr-chain">{t("admin.addresses.chain")}</label>
          <input
            id="addr-chain"
            className="input"
            value={chain}
            placeholder={t("admin.addresses.chainPlaceholder")}
            onChange={(e) => setChain(e.target.value.toUpperCase())}
            data-testid="admin-address-chain"
          />
          <span className="field-error">{errors.chain}</span>
        </div>
        <div className="field field-wide">
          <label htmlFor="addr-address">{t("admin.addresses.address")}</label>
          <input
            id="addr-address"
            className="input mono"
            value={address}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setAddress(e.target.value)}
            data-testid="admin-address-address"
          />
          <span className="field-error">{errors.address}</span>
        </div>
      </div>
      <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
        {t("admin.addresses.add")}
      </button>
    </form>
  );
}

/** Where users send deposits: addresses per coin and chain, switched on and off (never deleted). */
export default function AdminDepositAddressesPage() {
  const { t } = useTranslation();
  const query = useQuery(fetchDepositAddresses, []);
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
      query.reload();
    } catch {
      // the client showed why
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!query.data) body = <DelayedSpinner />;
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
      <AddForm onAdded={query.reload} />
      {body}
    </AdminShell>
  );
}
