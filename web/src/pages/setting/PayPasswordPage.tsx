import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { updatePayPasswordSchema } from "../../../../schema/api/auth.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { setPayPassword } from "../../features/auth/api.ts";
import { PasswordField } from "../../features/auth/components/Fields.tsx";
import { type ReauthMode, ReauthFields, proofFields, reauthModes } from "../../features/auth/components/ReauthFields.tsx";
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

/**
 * Set the pay password, or change it (then the current one is asked for).
 * The first one is confirmed with the log-in password or a code to the
 * account's own email or mobile, so a borrowed session cannot set it.
 */
export default function PayPasswordPage() {
  useTexts("setting");
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Whether one is set decides the form, so it is read fresh from the server.
  const profile = useProfileRefresh();
  const { values, set, errors, submitting, submit } = useForm({
    oldPassword: "",
    password: "",
    re_password: "",
    login_password: "",
    code: "",
  });
  const [chosen, setMode] = useState<ReauthMode | null>(null);

  if (!profile.data) return <ProfilePending title={t("setting.payPassword.title")} query={profile} />;
  const user = profile.data;
  const hasOld = user.has_pay_password;
  const mode = chosen ?? reauthModes(user)[0] ?? "password";
  const proofKey = mode === "password" ? "login_password" : "code";

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = hasOld
      ? { oldPassword: values.oldPassword, password: values.password, re_password: values.re_password }
      : { password: values.password, re_password: values.re_password, ...proofFields(mode, values) };
    void submit(
      () =>
        validate(
          updatePayPasswordSchema,
          values,
          hasOld ? ["oldPassword", "password", "re_password"] : ["password", "re_password", proofKey],
        ),
      async () => {
        toast(await setPayPassword(input, { silent: true }));
        await refreshUser();
        navigate("/setting/security", { replace: true });
      },
    );
  };

  return (
    <>
      <NavBar title={hasOld ? t("setting.payPassword.changeTitle") : t("setting.payPassword.setTitle")} />
      <main className="auth-page">
        <p className="notice">{t("setting.payPassword.notice")}</p>
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          {hasOld && (
            <PasswordField
              id="oldPassword"
              label={t("setting.payPassword.old")}
              placeholder={t("setting.payPassword.oldPlaceholder")}
              autoComplete="off"
              value={values.oldPassword}
              onChange={set("oldPassword")}
              error={errors.oldPassword}
            />
          )}
          <PasswordField
            id="password"
            label={t("setting.payPassword.new")}
            placeholder={t("setting.payPassword.newPlaceholder")}
            hint={t("setting.payPassword.hint")}
            autoComplete="off"
            value={values.password}
            onChange={set("password")}
            error={errors.password}
          />
          <PasswordField
            id="re_password"
            label={t("auth.confirmPassword")}
            placeholder={t("auth.confirmPlaceholder")}
            autoComplete="off"
            value={values.re_password}
            onChange={set("re_password")}
            error={errors.re_password}
          />
          {!hasOld && (
            <ReauthFields
              user={user}
              scene="pay_password"
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
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting} data-testid="pay-password-submit">
            {submitting ? t("setting.saving") : t("common.confirm")}
          </button>
        </form>
      </main>
    </>
  );
}
