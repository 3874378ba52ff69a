import { useAtom } from "jotai";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { email, mobile } from "../../../../schema/api/fields.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { login, type AccountType } from "../../features/auth/api.ts";
import { rememberedAccountAtom } from "../../features/auth/atoms.ts";
import { AccountField, AccountTypeTabs, useAccountType } from "../../features/auth/components/AccountFields.tsx";
import { useArea } from "../../features/auth/components/AreaSelect.tsx";
import { PasswordField } from "../../features/auth/components/Fields.tsx";
import { useForm } from "../../lib/form/useForm.ts";
import { validate } from "../../lib/form/validation.ts";
import { injectedProvider, signInWithWallet, WalletError } from "../../features/auth/wallet.ts";
import { startSession } from "../../features/session/session.ts";
import { toast } from "../../lib/ui.ts";
import { isLoginPrefill, safeRedirect } from "./redirect.ts";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/auth.css";

const schemaFor = (type: AccountType) => z.object({ user_string: type === "email" ? email() : mobile(), password: z.string() });

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [remembered, setRemembered] = useAtom(rememberedAccountAtom);
  const prefill = isLoginPrefill(location.state) ? location.state : remembered;
  const { area, setIso } = useArea();
  const [remember, setRemember] = useState(remembered !== null);
  const { values, set, errors, clear, submitting, submit } = useForm({ user_string: prefill?.account ?? "", password: "" });
  const [type, switchType] = useAccountType(prefill?.type ?? "email", () => clear("user_string"));
  const [wallet] = useState(injectedProvider);
  const [walletBusy, setWalletBusy] = useState(false);
  const target = safeRedirect(params.get("redirect"));

  useEffect(() => {
    if (prefill?.type === "mobile" && prefill.areaIso) setIso(prefill.areaIso);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, from the prefill
  }, []);

  const finish = async (token: string) => {
    await startSession(token);
    toast(t("auth.login.success"));
    navigate(target, { replace: true });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => validate(schemaFor(type), values, ["user_string", "password"]),
      async () => {
        const account = values.user_string.trim();
        const token = await login(
          { user_string: account, password: values.password, area_code: type === "mobile" ? area.dial : undefined },
          { silent: true },
        );
        // Remember me keeps the account name only; the password is never stored.
        setRemembered(remember ? { type, account, areaIso: area.iso } : null);
        await finish(token);
      },
    );
  };

  const onWallet = async () => {
    if (!wallet || walletBusy) return;
    setWalletBusy(true);
    try {
      await finish(await signInWithWallet(wallet));
    } catch (err) {
      if (err instanceof WalletError) {
        if (err.stage === "rejected") toast(t("auth.login.walletRejected"));
        else if (err.stage === "connect") toast(t("auth.login.walletConnectFailed"));
        else toast(err.message && err.message !== "login" ? err.message : t("auth.login.walletFailed"));
      } else {
        toast(t("auth.login.walletFailed"));
      }
    } finally {
      setWalletBusy(false);
    }
  };

  return (
    <>
      <NavBar title={t("auth.login.title")} />
      <main className="auth-page">
        <header className="auth-head">
          <h2>{t("auth.login.welcome")}</h2>
          <p className="muted">{t("auth.login.subtitle")}</p>
        </header>
        <AccountTypeTabs value={type} onChange={switchType} />
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <AccountField type={type} value={values.user_string} onChange={set("user_string")} error={errors.user_string} />
          <PasswordField
            id="password"
            label={t("auth.password")}
            placeholder={t("auth.passwordPlaceholder")}
            autoComplete="current-password"
            value={values.password}
            onChange={set("password")}
            error={errors.password}
          />
          <div className="auth-row">
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} data-testid="remember" />
              <span>{t("auth.login.remember")}</span>
            </label>
            <Link to="/forget" className="auth-link">
              {t("auth.login.forgot")}
            </Link>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting} data-testid="login-submit">
            {submitting ? t("auth.login.submitting") : t("auth.login.submit")}
          </button>
        </form>
        {wallet && (
          <>
            <div className="auth-or">
              <span>{t("auth.login.or")}</span>
            </div>
            <button type="button" className="btn btn-ghost btn-block" onClick={onWallet} disabled={walletBusy} data-testid="wallet-login">
              {walletBusy ? t("auth.login.walletWaiting") : t("auth.login.wallet")}
            </button>
          </>
        )}
        <p className="auth-foot">
          {t("auth.login.noAccount")}{" "}
          <Link to="/register" className="auth-link">
            {t("auth.login.register")}
          </Link>
        </p>
      </main>
    </>
  );
}
