import { useAtomValue } from "jotai";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { WALLET_NAME_MAX } from "../../../../schema/api/wallet-addresses.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView } from "../../components/States.tsx";
import { type ReauthMode, ReauthFields, proofFields, reauthModes } from "../../features/auth/components/ReauthFields.tsx";
import { userAtom } from "../../features/session/atoms.ts";
import { canWithdraw, coinsQuery } from "../../features/wallet/api.ts";
import { addressMatches, chainsForCurrency, saveAddress } from "../../features/wallet/destinations.ts";
import { useLater } from "../../hooks/useLater.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { REDIRECT_DELAY_MS, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";

/**
 * Adds a withdrawal address: coin, a name, and an address in that coin's format,
 * confirmed with the log-in password or a code to the account's own address.
 * The address receives withdrawals 24 hours after it is saved.
 */
export default function AddWalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  const ids = { coin: useId(), name: useId(), address: useId() };
  const coins = useQuery(coinsQuery);
  const [currency, setCurrency] = useState<number | null>(Number(params.get("currency")) || null);
  const [name, setName] = useState("");
  const [address, setAddress] = useState("");
  const [errors, setErrors] = useState<{ coin?: string; name?: string; address?: string; proof?: string }>({});
  const [busy, setBusy] = useState(false);
  const user = useAtomValue(userAtom);
  const [chosen, setMode] = useState<ReauthMode | null>(null);
  const mode = chosen ?? (user ? reauthModes(user)[0] : undefined) ?? "password";
  const [proof, setProof] = useState({ login_password: "", code: "" });
  const setProofField = (key: "login_password" | "code") => (value: string) => {
    setProof((p) => ({ ...p, [key]: value }));
    setErrors((e) => ({ ...e, proof: undefined }));
  };

  const list = (coins.data ?? []).filter((c) => canWithdraw(c) && chainsForCurrency(c.name));
  const coin = list.find((c) => c.id === currency);
  const chains = coin ? chainsForCurrency(coin.name) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = address.trim();
    const next = {
      coin: coin ? undefined : t("fund.addresses.pickCoin"),
      name: !name.trim()
        ? t("fund.addresses.nameRequired")
        : [...name.trim()].length > WALLET_NAME_MAX
          ? t("fund.addresses.nameTooLong", { max: WALLET_NAME_MAX })
          : undefined,
      address: !trimmed
        ? t("fund.addresses.addressRequired")
        : chains && !addressMatches(chains, trimmed)
          ? t("fund.addresses.addressInvalid", {
              coin: coin!.name,
              formats: chains.map((c) => t(`fund.addresses.formats.${c}`)).join(" / "),
            })
          : undefined,
      proof: (mode === "password" ? proof.login_password : proof.code).trim() ? undefined : t("security.withdraw.codeRequired"),
    };
    if (mode === "password" && next.proof) next.proof = t("security.reauth.passwordPlaceholder");
    setErrors(next);
    if (next.coin || next.name || next.address || next.proof) return;
    setBusy(true);
    try {
      toast(await saveAddress({ currency: coin!.id, name: name.trim(), address: trimmed, ...proofFields(mode, proof) }));
      later(() => (history.length > 1 ? navigate(-1) : navigate("/setting/wallet", { replace: true })), REDIRECT_DELAY_MS);
    } catch {
      setBusy(false);
    }
  };

  let body;
  if (coins.error && !coins.data) body = <ErrorView message={coins.error.message} onRetry={coins.reload} />;
  else if (!coins.data) body = <DelayedSpinner />;
  else
    body = (
      <form className="content" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.coin}>{t("fund.common.coin")}</label>
          <select
            id={ids.coin}
            className="input"
            value={currency ?? ""}
            onChange={(e) => setCurrency(Number(e.target.value) || null)}
            aria-invalid={Boolean(errors.coin)}
            data-testid="address-coin"
          >
            <option value="">{t("fund.addresses.pickCoin")}</option>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <span className="field-error" role={errors.coin ? "alert" : undefined}>
            {errors.coin}
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.name}>{t("fund.addresses.name")}</label>
          <input
            id={ids.name}
            className="input"
            value={name}
            maxLength={WALLET_NAME_MAX + 10}
            placeholder={t("fund.addresses.namePlaceholder")}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(errors.name)}
            data-testid="address-name"
          />
          <span className="field-error" role={errors.name ? "alert" : undefined}>
            {errors.name}
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.address}>{t("fund.addresses.address")}</label>
          <textarea
            id={ids.address}
            className="input textarea mono"
            rows={3}
            value={address}
            autoComplete="off"
            spellCheck={false}
            placeholder={chains ? chains.map((c) => t(`fund.addresses.formats.${c}`)).join(" / ") : t("fund.addresses.addressPlaceholder")}
            onChange={(e) => setAddress(e.target.value)}
            aria-invalid={Boolean(errors.address)}
            data-testid="address-address"
          />
          <span className="field-error" role={errors.address ? "alert" : undefined}>
            {errors.address}
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
            password={proof.login_password}
            onPassword={setProofField("login_password")}
            passwordError={mode === "password" && errors.proof ? { text: errors.proof } : undefined}
            code={proof.code}
            onCode={setProofField("code")}
            codeError={mode === "code" && errors.proof ? { text: errors.proof } : undefined}
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
