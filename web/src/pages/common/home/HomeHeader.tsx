import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { IconGlobe, IconUser } from "../../../components/icons.tsx";
import { UnreadBell } from "../../../features/messages/UnreadBell.tsx";
import { LanguageSheet } from "../../../features/preferences/LanguageSheet.tsx";
import { siteAtom } from "../../../features/preferences/atoms.ts";
import { tokenAtom, userAtom } from "../../../features/session/atoms.ts";

/** The site mark: the configured logo, or the name's first letter when the image fails. */
function SiteLogo({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <span className="home-logo home-logo-fallback" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  return <img className="home-logo" src={src} alt="" width={26} height={26} onError={() => setFailed(src)} />;
}

function Avatar() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  // Remembers which picture failed, so a new avatar gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  const src = user?.head_portrait;
  return (
    <Link to="/setting/setting" className="home-avatar" aria-label={t("home.account")} data-testid="avatar">
      {src && failed !== src ? <img src={src} alt="" onError={() => setFailed(src)} /> : <IconUser size={20} />}
    </Link>
  );
}

/** Home header: site logo and name, language, messages, and log-in or the account. */
export function HomeHeader() {
  const { t } = useTranslation();
  const site = useAtomValue(siteAtom);
  const loggedIn = useAtomValue(tokenAtom) !== "";
  const [langOpen, setLangOpen] = useState(false);
  return (
    <>
      <header className="home-header">
        <div className="home-brand">
          <SiteLogo src={site.logo} name={site.site_name} />
          <span className="home-site-name" data-testid="site-name" title={site.site_name}>
            {site.site_name}
          </span>
        </div>
        <div className="home-actions">
          <button
            type="button"
            className="icon-btn"
            aria-label={t("home.language")}
            onClick={() => setLangOpen(true)}
            data-testid="language-button"
          >
            <IconGlobe />
          </button>
          <UnreadBell />
          {loggedIn ? (
            <Avatar />
          ) : (
            <>
              <Link to="/login" className="btn btn-ghost btn-small home-auth-btn" data-testid="login-link">
                {t("home.login")}
              </Link>
              <Link to="/register" className="btn btn-primary btn-small home-auth-btn" data-testid="register-link">
                {t("home.register")}
              </Link>
            </>
          )}
        </div>
      </header>
      {/* Outside the sticky header: its stacking context would put the sheet under the tab bar. */}
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
    </>
  );
}
