import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { tokenAtom } from "../features/session/atoms.ts";
import { REDIRECT_DELAY_MS, toast } from "../lib/ui.ts";
import { IconUser } from "./icons.tsx";
import { NavBar } from "./NavBar.tsx";

/** Guarded pages: without a token, a log-in prompt, then log-in after 1.2 s (and back here after). */
export function RequireAuth() {
  const token = useAtomValue(tokenAtom);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = () => navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  useEffect(() => {
    if (token) return;
    toast(t("common.pleaseLogIn"));
    const timer = setTimeout(login, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per missing token
  }, [token]);
  if (token) return <Outlet />;
  return (
    <>
      <NavBar title={t("common.goLogIn")} />
      <div className="login-prompt" data-testid="login-prompt">
        <IconUser size={48} />
        <p>{t("common.pleaseLogIn")}</p>
        <button type="button" className="btn btn-primary" onClick={login}>
          {t("common.goLogIn")}
        </button>
      </div>
    </>
  );
}
