import { useAtomValue } from "jotai";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { WALLET_NAME_MAX } from "../../../../schema/api/wallet-addresses.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { type ReauthMode, ReauthFields, proofFields, reauthModes } from "../../features/auth/components/ReauthFields.tsx";
import { userAtom } from "../../features/session/atoms.ts";
import { canWithdraw, coinsQuery } from "../../features/wallet/api.ts";
import { addressMatches, chainsForCurrency, saveAddress } from "../../features/wallet/destinations.ts";
import { useLater } from "../../hooks/useLater.ts";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { REDIRECT_DELAY_MS, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/**
 * Adds a withdrawal address: coin, a name, and an address in that coin's format,
 * confirmed with the log-in password or a code to the account's own address.
 * The address receives withdrawals 24 hours after it is saved.
 */
export default function AddWalletPage() {
  useTexts("fund", "security");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  const ids = { coin: useId(), name: useId(), address: useId() };
  const coins = useQuery(coinsQuery);
  const form = useForm({ currency: params.get("currency") ?? "", name: "", address: "", login_password: "", code: "" });
  const { values, set, errors } = form;
  const message = (field: keyof typeof errors) => (errors[field] ? fieldMessageText(t, errors[field]) : undefined);
  // Stays true once the address was saved, while the page waits to go back.
  const [sent, setSent] = useState(false);
  const busy = form.submitting || sent;
  const user = useAtomValue(userAtom);
  const [chosen, setMode] = useState<ReauthMode | null>(null);
  const mode = chosen ?? (user ? reauthModes(user)[0] : undefined) ?? "password";

  const list = (coins.data ?? []).filter((c) => canWithdraw(c) && chainsForCurrency(c.name));
  const coin = list.find((c) => String(c.id) === values.currency);
  const chains = coin ? chainsForCurrency(coin.name) : null;
  const name = values.name.trim();
  const address = values.address.trim();

  const check = (): FieldErrors<keyof typeof values> => ({
    currency: coin ? undefined : { key: "fund.addresses.pickCoin" },
    name: !name
      ? { key: "fund.addresses.nameRequired" }
      : [...name].length > WALLET_NAME_MAX
        ? { key: "fund.addresses.nameTooLong", values: { max: WALLET_NAME_MAX } }
        : undefined,
    address: !address
      ? { key: "fund.addresses.addressRequired" }
      : chains && !addressMatches(chains, address)
        ? {
            key: "fund.addresses.addressInvalid",
            values: { coin: coin!.name, formats: chains.map((c) => t(`fund.addresses.formats.${c}`)).join(" / ") },
          }
        : undefined,
    login_password: mode === "password" && !values.login_password.trim() ? { key: "security.reauth.passwordPlaceholder" } : undefined,
    code: mode === "code" && !values.code.trim() ? { key: "security.withdraw.codeRequired" } : undefined,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(check, async () => {
      toast(await saveAddress({ currency: coin!.id, name, address, ...proofFields(mode, values) }));
      setSent(true);
      later(() => (history.length > 1 ? navigate(-1) : navigate("/setting/wallet", { replace: true })), REDIRECT_DELAY_MS);
    });
  };

  let body;
  if (!coins.data) body = <QueryPending query={coins} />;
  else
    body = (
      <form className="content" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.coin}>{t("fund.common.coin")}</label>
          <select
            id={ids.coin}
            className="input"
            value={values.currency}
            onChange={(e) => set("currency")(e.target.value)}
            aria-invalid={Boolean(errors.currency)}
            aria-describedby={`${ids.coin}-error`}
            data-testid="address-coin"
          >
            <option value="">{t("fund.addresses.pickCoin")}</option>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <span id={`${ids.coin}-error`} className="field-error" role={errors.currency ? "alert" : undefined}>
            {message("currency")}
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.name}>{t("fund.addresses.name")}</label>
          <input
            id={ids.name}
            className="input"
            value={values.name}
            maxLength={WALLET_NAME_MAX + 10}
            placeholder={t("fund.addresses.namePlaceholder")}
            onChange={(e) => set("name")(e.target.value)}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={`${ids.name}-error`}
            data-testid="address-name"
          />
          <span id={`${ids.name}-error`} className="field-error" role={errors.name ? "alert" : undefined}>
            {message("name")}
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.address}>{t("fund.addresses.address")}</label>
          <textarea
            id={ids.address}
            className="input textarea mono"
            rows={3}
            value={values.address}
            autoComplete="off"
            spellCheck={false}
            placeholder={chains ? chains.map((c) => t(`fund.addresses.formats.${c}`)).join(" / ") : t("fund.addresses.addressPlaceholder")}
            onChange={(e) => set("address")(e.target.value)}
            aria-invalid={Boolean(errors.address)}
            aria-describedby={`${ids.address}-error`}
            data-testid="address-address"
          />
          <span id={`${ids.address}-error`} className="field-error" role={errors.address ? "alert" : undefined}>
            {message("address")}
          </span>
        </div>
        <p className="faint">{t("fund.addresses.checkHint")}</p>
        <p className="notice" data-testid="address-wait-note">
          {t("security.addresses.waitNote")}
        </p>
        {user && (
          <ReauthFields
            user={user}
            scene="security"
            mode={mode}
            onMode={setMode}
            password={values.login_password}
            onPassword={set("login_password")}
            passwordError={errors.login_password}
            code={values.code}
            onCode={set("code")}
            codeError={errors.code}
          />
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("fund.common.submitting") : t("fund.addresses.save")}
        </button>
      </form>
    );
  return (
    <>
      <NavBar title={t("fund.addresses.addTitle")} />
      {body}
    </>
  );
}
