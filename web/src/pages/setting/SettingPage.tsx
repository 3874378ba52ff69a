import { useAtom, useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { IconChevron } from "../../components/icons.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { logout } from "../../features/auth/api.ts";
import { unreadAtom } from "../../features/messages/atoms.ts";
import { COLOR_CHOICES, colorsAtom, fiatAtom, langAtom, type ThemeChoice, themeAtom } from "../../features/preferences/atoms.ts";
import { LanguageSheet } from "../../features/preferences/LanguageSheet.tsx";
import { userAtom } from "../../features/session/atoms.ts";
import { clearSession } from "../../features/session/session.ts";
import { LANGUAGE_NAMES } from "../../lib/i18n.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { Avatar } from "./Avatar.tsx";
import { copyText } from "../../features/wallet/copy.ts";
import { FiatSheet } from "./FiatSheet.tsx";
import { LinkRow } from "./LinkRow.tsx";
import { ProfilePending, useProfileRefresh } from "./ProfilePending.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/setting.css";
import { useTexts } from "../../lib/i18n.ts";

const THEMES: ThemeChoice[] = ["dark", "light", "system"];

export default function SettingPage() {
  useTexts("setting", "support");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const unread = useAtomValue(unreadAtom);
  const lang = useAtomValue(langAtom);
  const [theme, setTheme] = useAtom(themeAtom);
  const [colors, setColors] = useAtom(colorsAtom);
  const fiat = useAtomValue(fiatAtom);
  const [sheet, setSheet] = useState<"lang" | "fiat" | null>(null);
  const [leaving, setLeaving] = useState(false);
  // The stored profile paints at once; this refreshes it.
  const profile = useProfileRefresh();

  const copyUid = async () => {
    if (user && (await copyText(user.uid))) toast(t("common.copied"));
  };

  const onLogout = async () => {
    const ok = await confirmDialog({
      title: t("setting.logoutTitle"),
      message: t("setting.logoutMessage"),
      confirmText: t("setting.logout"),
    });
    if (!ok) return;
    setLeaving(true);
    // The server ends this session; locally it ends even if the server cannot be reached.
    await logout().catch(() => {});
    await navigate("/", { replace: true });
    clearSession();
    toast(t("setting.loggedOut"));
  };

  if (!user) return <ProfilePending title={t("setting.title")} query={profile} />;

  const real = user.real_state ?? { level: 0, status: "noaudit" };
  return (
    <>
      <NavBar title={t("setting.title")} />
      <main className="setting-page">
        <section className="card profile-card">
          <Link to="/setting/userInfo" className="profile-main" data-testid="profile-link">
            <Avatar src={user.head_portrait} size={56} />
            <div className="profile-text">
              <div className="profile-name-row">
                <span className="profile-name" data-testid="nickname">
                  {user.nickname}
                </span>
                <span className="vip-badge">{t("setting.vip", { level: user.level })}</span>
              </div>
              <div className="faint profile-account">{user.signature || t("setting.noSignature")}</div>
            </div>
            <IconChevron />
          </Link>
          <div className="profile-uid">
            <span className="muted">{t("setting.uid")}</span>
            <span className="num" data-testid="uid">
              {user.uid}
            </span>
            <button type="button" className="btn btn-ghost btn-small" onClick={copyUid} data-testid="copy-uid">
              {t("common.copy")}
            </button>
          </div>
        </section>
        {profile.error && <p className="faint setting-stale">{t("setting.stale")}</p>}

        <ul className="list setting-list">
          <LinkRow to="/setting/real_mark" label={t("setting.verification")} valueClass={`real-${real.status}`}>
            {t(`setting.real.${real.status}`, { level: real.level })}
          </LinkRow>
          <LinkRow to="/setting/userInfo" label={t("setting.userInfo")} />
          <LinkRow to="/setting/security" label={t("setting.security")} testId="security-link" />
          <LinkRow to="/mailMessage/mailMessage" label={t("setting.messages")}>
            {unread > 0 && <span className="count-pill num">{unread > 99 ? "99+" : unread}</span>}
          </LinkRow>
          <LinkRow to="/kefu" label={t("support.entry")} testId="support-link" />
          <LinkRow to="/setting/share" label={t("setting.invite")} testId="share-link" />
          <LinkRow to="/setting/coupon" label={t("setting.coupons")} testId="coupon-link" />
          {user.role === "operator" && <LinkRow to="/admin" label={t("setting.console")} testId="console-link" />}
        </ul>

        <h2 className="setting-heading">{t("setting.preferences")}</h2>
        <ul className="list setting-list">
          <li>
            <button type="button" className="list-item" onClick={() => setSheet("lang")} data-testid="language-row">
              <span>{t("setting.language")}</span>
              <span className="value">
                {LANGUAGE_NAMES[lang]}
                <IconChevron />
              </span>
            </button>
          </li>
          <li className="list-item theme-row">
            <span id="theme-label">{t("setting.theme")}</span>
            <div className="segmented theme-switch" role="radiogroup" aria-labelledby="theme-label">
              {THEMES.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  role="radio"
                  aria-checked={theme === choice}
                  className={theme === choice ? "active" : ""}
                  onClick={() => setTheme(choice)}
                  data-testid={`theme-${choice}`}
                >
                  {t(`setting.themes.${choice}`)}
                </button>
              ))}
            </div>
          </li>
          <li className="list-item theme-row">
            <span id="colors-label">{t("setting.colors")}</span>
            <div className="segmented theme-switch" role="radiogroup" aria-labelledby="colors-label">
              {COLOR_CHOICES.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  role="radio"
                  aria-checked={colors === choice}
                  className={colors === choice ? "active" : ""}
                  onClick={() => setColors(choice)}
                  data-testid={`colors-${choice}`}
                >
                  <span className={choice === "green-up" ? "swatch swatch-green" : "swatch swatch-red"} aria-hidden="true" />
                  {t(choice === "green-up" ? "setting.colorModes.greenUp" : "setting.colorModes.redUp")}
                </button>
              ))}
            </div>
          </li>
          <li>
            <button type="button" className="list-item" onClick={() => setSheet("fiat")} data-testid="fiat-row">
              <span>{t("setting.fiat")}</span>
              <span className="value">
                {fiat.currency_code}
                <IconChevron />
              </span>
            </button>
          </li>
        </ul>

        <h2 className="setting-heading">{t("setting.support")}</h2>
        <ul className="list setting-list">
          {(
            [
              ["/faq", "setting.faq"],
              ["/contactus", "setting.contact"],
              ["/aboutus", "setting.about"],
            ] as const
          ).map(([to, label]) => (
            <LinkRow key={to} to={to} label={t(label)} />
          ))}
        </ul>

        <button type="button" className="btn btn-ghost btn-block logout-btn" onClick={onLogout} disabled={leaving} data-testid="logout">
          {t("setting.logout")}
        </button>
      </main>

      <LanguageSheet open={sheet === "lang"} onClose={() => setSheet(null)} />
      <FiatSheet open={sheet === "fiat"} onClose={() => setSheet(null)} />
    </>
  );
}
