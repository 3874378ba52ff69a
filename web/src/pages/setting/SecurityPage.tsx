import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { bindMobileSchema } from "../../../../schema/api/auth.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { bindMobile } from "../../features/auth/api.ts";
import { AccountField } from "../../features/auth/components/AccountFields.tsx";
import { useArea } from "../../features/auth/components/AreaSelect.tsx";
import { AccountCodeField } from "../../features/auth/components/CodeButton.tsx";
import { type ReauthMode, ReauthFields, proofFields, reauthModes } from "../../features/auth/components/ReauthFields.tsx";
import { maskEmail, maskMobile } from "../../features/auth/mask.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { validate } from "../../lib/form/validation.ts";
import { type User, userAtom } from "../../features/session/atoms.ts";
import { refreshUser } from "../../features/session/session.ts";
import { toast } from "../../lib/ui.ts";
import { LinkRow } from "./LinkRow.tsx";
import { ProfilePending, useProfileRefresh } from "./ProfilePending.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/auth.css";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/setting.css";
import { useTexts } from "../../lib/i18n.ts";

export default function SecurityPage() {
  useTexts("setting");
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const profile = useProfileRefresh();
  const [binding, setBinding] = useState(false);

  if (!user) return <ProfilePending title={t("setting.securityPage.title")} query={profile} />;
  const notBound = <span className="faint">{t("setting.securityPage.notBound")}</span>;
  return (
    <>
      <NavBar title={t("setting.securityPage.title")} />
      <main className="setting-page">
        <ul className="list setting-list">
          <li className="list-item static">
            <span>{t("setting.securityPage.email")}</span>
            <span className="value" data-testid="bound-email">
              {user.email ? maskEmail(user.email) : notBound}
            </span>
          </li>
          <li>
            <button
              type="button"
              className="list-item"
              onClick={() => setBinding((b) => !b)}
              aria-expanded={binding}
              data-testid="bind-mobile-row"
            >
              <span>{t("setting.securityPage.mobile")}</span>
              <span className="value" data-testid="bound-mobile">
                {user.mobile ? `+${user.area_code ?? ""} ${maskMobile(user.mobile)}` : notBound}
                <span className="link-text">{user.mobile ? t("setting.securityPage.change") : t("setting.securityPage.bind")}</span>
              </span>
            </button>
          </li>
        </ul>
        {binding && <BindMobileForm user={user} onDone={() => setBinding(false)} />}

        <ul className="list setting-list">
          <LinkRow to="/setting/password" label={t("setting.securityPage.loginPassword")} testId="password-link">
            {user.has_password ? t("setting.securityPage.change") : t("setting.securityPage.notSet")}
          </LinkRow>
          <LinkRow to="/setting/payPassword" label={t("setting.securityPage.payPassword")} testId="pay-password-link">
            {user.has_pay_password ? t("setting.securityPage.isSet") : t("setting.securityPage.notSet")}
          </LinkRow>
        </ul>
      </main>
    </>
  );
}

/**
 * Binds (or replaces) the mobile: a code to the new number, and the account
 * confirmed by its log-in password or a code to its own address.
 */
function BindMobileForm({ user, onDone }: { user: User; onDone: () => void }) {
  useTexts("setting");
  const { t } = useTranslation();
  const { area } = useArea();
  const { values, set, errors, checkField, submitting, submit } = useForm({ mobile: "", code: "", login_password: "", auth_code: "" });
  const [chosen, setMode] = useState<ReauthMode | null>(null);
  const mode = chosen ?? reauthModes(user)[0] ?? "password";
  const input = () => ({ ...values, area_code: area.dial });
  const proof = () => proofFields(mode, { login_password: values.login_password, code: values.auth_code }, "auth_code");

  const canSend = () => checkField("mobile", validate(bindMobileSchema, input(), ["mobile"]));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => validate(bindMobileSchema, input(), ["mobile", "code", mode === "password" ? "login_password" : "auth_code"]),
      async () => {
        toast(await bindMobile({ mobile: values.mobile, code: values.code, area_code: area.dial, ...proof() }, { silent: true }));
        await refreshUser();
        onDone();
      },
    );
  };

  return (
    <form className="card bind-card" onSubmit={onSubmit} noValidate data-testid="bind-mobile-form">
      <h2 className="card-title">{t("setting.securityPage.bindTitle")}</h2>
      <AccountField type="mobile" id="mobile" value={values.mobile} onChange={set("mobile")} error={errors.mobile} />
      <AccountCodeField
        scene="bind"
        type="mobile"
        account={values.mobile}
        areaCode={area.dial}
        canSend={canSend}
        value={values.code}
        onChange={set("code")}
        error={errors.code}
      />
      <ReauthFields
        user={user}
        scene="security"
        mode={mode}
        onMode={setMode}
        password={values.login_password}
        onPassword={set("login_password")}
        passwordError={errors.login_password}
        code={values.auth_code}
        onCode={set("auth_code")}
        codeError={errors.auth_code}
        codeId="auth_code"
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting} data-testid="bind-submit">
        {submitting ? t("setting.saving") : t("setting.securityPage.bindSubmit")}
      </button>
    </form>
  );
}
