import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { REDIRECT_DELAY_MS, toast } from "../../lib/ui.ts";

/** A guest tried something that needs a session: "please log in first", then the log-in page after 1.2 s (and back here after). */
export function useLoginPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    toast(t("common.pleaseLogIn"));
    const back = encodeURIComponent(location.pathname + location.search);
    setTimeout(() => navigate(`/login?redirect=${back}`), REDIRECT_DELAY_MS);
  }, [t, navigate, location.pathname, location.search]);
}
