import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import * as z from "zod/mini";
import { code6, email, mobile, password } from "../../../../schema/api/fields.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { type AccountType, resetPassword } from "../../features/auth/api.ts";
import { AccountField, AccountTypeTabs, useAccountType } from "../../features/auth/components/AccountFields.tsx";
import { useArea } from "../../features/auth/components/AreaSelect.tsx";
import { AccountCodeField } from "../../features/auth/components/CodeButton.tsx";
import { PasswordField } from "../../features/auth/components/Fields.tsx";
import { useForm } from "../../lib/form/useForm.ts";
import { validate } from "../../lib/form/validation.ts";
import { toast } from "../../lib/ui.ts";
import type { LoginPrefill } from "./redirect.ts";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/auth.css";

/** The reset form's rules: the shared field blocks, the address by the chosen tab. */
const schemaFor = (type: AccountType) =>
  z
    .object({ user_string: type === "email" ? email() : mobile(), code: code6(), password: password(), re_password: z.string() })
    .check(z.refine((v) => v.password === v.re_password, { error: "PASSWORDS_DIFFER", path: ["re_password"] }));

const REQUIRED = ["user_string", "code", "password", "re_password"] as const;

export default function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { area } = useArea();
  const { values, set, errors, clear, checkField, submitting, submit } = useForm({
    user_string: "",
    code: "",
    password: "",
    re_password: "",
  });
  const [type, switchType] = useAccountType("email", () => clear("user_string", "code"));

  const canSend = () => checkField("user_string", validate(schemaFor(type), values, ["user_string"]));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => validate(schemaFor(type), values, REQUIRED),
      async () => {
        toast(await resetPassword({ ...values, user_string: values.user_string.trim(), type, area_code: area.dial }, { silent: true }));
        const prefill: LoginPrefill = { type, account: values.user_string.trim(), areaIso: area.iso };
        navigate("/login", { replace: true, state: prefill });
      },
    );
  };

  return (
    <>
      <NavBar title={t("auth.forget.title")} />
      <main className="auth-page">
        <header className="auth-head">
          <h2>{t("auth.forget.heading")}</h2>
          <p className="muted">{t("auth.forget.subtitle")}</p>
        </header>
        <AccountTypeTabs value={type} onChange={switchType} />
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <AccountField type={type} value={values.user_string} onChange={set("user_string")} error={errors.user_string} />
          <AccountCodeField
            scene="forget"
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
            label={t("auth.newPassword")}
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
          <p className="faint auth-note">{t("auth.forget.notice")}</p>
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting} data-testid="forget-submit">
            {submitting ? t("auth.forget.submitting") : t("auth.forget.submit")}
          </button>
        </form>
      </main>
    </>
  );
}
