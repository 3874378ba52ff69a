import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { changeLoginPasswordSchema } from "../../../../schema/api/auth.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { changeLoginPassword } from "../../features/auth/api.ts";
import { PasswordField } from "../../features/auth/components/Fields.tsx";
import { useForm } from "../../lib/form/useForm.ts";
import { validate } from "../../lib/form/validation.ts";
import { refreshUser } from "../../features/session/session.ts";
import { toast } from "../../lib/ui.ts";
import { ProfilePending, useProfileRefresh } from "./ProfilePending.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/auth.css";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/setting.css";
import { useTexts } from "../../lib/i18n.ts";

/** Change the log-in password: the server ends every other session of the account. */
export default function PasswordPage() {
  useTexts("setting");
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Whether one is set decides the form (an account made by wallet sign-in sets its first), so it is read fresh.
  const profile = useProfileRefresh();
  const { values, set, errors, submitting, submit } = useForm({ oldPassword: "", password: "", re_password: "" });

  if (!profile.data) return <ProfilePending title={t("setting.password.title")} query={profile} />;
  const hasOld = profile.data.has_password;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = hasOld ? values : { password: values.password, re_password: values.re_password };
    void submit(
      () => validate(changeLoginPasswordSchema, values, hasOld ? ["oldPassword", "password", "re_password"] : ["password", "re_password"]),
      async () => {
        toast(await changeLoginPassword(input, { silent: true }));
        await refreshUser();
        navigate("/setting/security", { replace: true });
      },
    );
  };

  return (
    <>
      <NavBar title={t("setting.password.title")} />
      <main className="auth-page">
        <p className="notice">{t("setting.password.notice")}</p>
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          {hasOld && (
            <PasswordField
              id="oldPassword"
              label={t("setting.password.old")}
              placeholder={t("setting.password.oldPlaceholder")}
              autoComplete="current-password"
              value={values.oldPassword}
              onChange={set("oldPassword")}
              error={errors.oldPassword}
            />
          )}
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
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting} data-testid="password-submit">
            {submitting ? t("setting.saving") : t("common.confirm")}
          </button>
        </form>
      </main>
    </>
  );
}
