import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { resolveLink, webViewPath } from "../../features/content/links.ts";
import { toast } from "../../lib/ui.ts";
import { isImplementedRoute } from "../implemented.ts";

/**
 * Opens a content link (banner, menu entry): app routes navigate, external
 * http(s) pages open in the web view, routes without a page yet say
 * "Feature under development". Returns false when there was nothing to open.
 */
export function useOpenLink() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (link: string): boolean => {
    const target = resolveLink(link);
    if (target.kind === "web") navigate(webViewPath(target.url));
    else if (target.kind === "route") {
      if (isImplementedRoute(target.path)) navigate(target.path);
      else toast(t("common.comingSoon"));
    } else return false;
    return true;
  };
}
