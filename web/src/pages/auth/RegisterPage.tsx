import { type FormEvent, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { registerSchema } from "../../../../schema/api/auth.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { register } from "../../features/auth/api.ts";
import { AccountField, AccountTypeTabs, useAccountType } from "../../features/auth/components/AccountFields.tsx";
import { useArea } from "../../features/auth/components/AreaSelect.tsx";
import { AccountCodeField } from "../../features/auth/components/CodeButton.tsx";
import { FieldError } from "../../features/auth/components/FieldError.tsx";
import { PasswordField, TextField } from "../../features/auth/components/Fields.tsx";
import { startSession } from "../../features/session/session.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { validate } from "../../lib/form/validation.ts";
import { toast } from "../../lib/ui.ts";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/auth.css";

const REQUIRED = ["user_string", "code", "password", "re_password"] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { area } = useArea();
  const [agreed, setAgreed] = useState(false);
  const { values, set, errors, setErrors, clear, checkField, submitting, submit } = useForm({
    user_string: "",
    code: "",
    password: "",
    re_password: "",
    extension_code: (params.get("code") ?? "").trim().slice(0, 32),
    /** The terms and risk notice accepted (the checkbox; never sent). */
    agree: "",
  });

  const [type, switchType] = useAccountType("email", () => clear("user_string", "code"));
  const input = () => {
    const { agree: _agree, ...fields } = values;
    return { ...fields, type, area_code: area.dial };
  };

  /** The address must be valid before a code is sent to it. */
  const canSend = () => checkField("user_string", validate(registerSchema, input(), ["user_string"]));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => ({
        ...validate(registerSchema, input(), REQUIRED),
        ...(agreed ? {} : { agree: { key: "auth.register.mustAgree" } }),
      }),
      async () => {
        // The answer is a session, as log-in's: the new account is signed in at once.
        await startSession(await register(input(), { silent: true }));
        toast(t("auth.register.welcome"));
        navigate("/", { replace: true });
      },
    );
  };

  return (
    <>
      <NavBar title={t("auth.register.title")} />
      <main className="auth-page">
        <header className="auth-head">
          <h2>{t("auth.register.heading")}</h2>
          <p className="muted">{t("auth.register.subtitle")}</p>
        </header>
        <AccountTypeTabs value={type} onChange={switchType} />
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <AccountField type={type} value={values.user_string} onChange={set("user_string")} error={errors.user_string} />
          <AccountCodeField
            scene="register"
            type={type}
            account={values.user_string}
            areaCode={area.dial}
            canSend={canSend}
            value={values.code}
            onChange={set("code")}
            error={errors.code}
          />
          <PasswordField
            id="password"
            label={t("auth.password")}
            placeholder={t("auth.newPasswordPlaceholder")}
            hint={t("auth.passwordHint")}
            value={values.password}
            onChange={set("password")}
            error={errors.password}
          />
          <PasswordField
            id="re_password"
            label={t("auth.confirmPassword")}
            placeholder={t("auth.confirmPlaceholder")}
            value={values.re_password}
            onChange={set("re_password")}
            error={errors.re_password}
          />
          <TextField
            id="extension_code"
            label={t("auth.register.invite")}
            placeholder={t("auth.register.invitePlaceholder")}
            maxLength={32}
            value={values.extension_code}
            onChange={set("extension_code")}
            error={errors.extension_code}
          />
          <div className="field">
            <label className="check agree-check">
              <input
                type="checkbox"
                checked={agreed}
                onChange={(e) => {
                  setAgreed(e.target.checked);
                  setErrors({ ...errors, agree: undefined });
                }}
                aria-invalid={errors.agree ? true : undefined}
                aria-describedby={errors.agree ? "agree-error" : undefined}
                data-testid="register-agree"
              />
              <span>
                <Trans
                  i18nKey="auth.register.agree"
                  components={{ terms: <Link to="/setting/operational_compliance" className="auth-link" data-testid="register-terms" /> }}
                />
              </span>
            </label>
            <FieldError field="agree" error={errors.agree} />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting} data-testid="register-submit">
            {submitting ? t("auth.register.submitting") : t("auth.register.submit")}
          </button>
        </form>
        <p className="auth-foot">
          {t("auth.register.haveAccount")}{" "}
          <Link to="/login" className="auth-link">
            {t("auth.register.login")}
          </Link>
        </p>
      </main>
    </>
  );
}
