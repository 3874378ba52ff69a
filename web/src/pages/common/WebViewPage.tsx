import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { hostAllowed, parseHostList } from "../../../../schema/api/admin-settings.ts";
import type { SiteConfig } from "../../../../schema/api/content.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView } from "../../components/States.tsx";
import { isHttpUrl } from "../../features/content/links.ts";
import { get } from "../../lib/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import "../../styles/content.css";
import { useTexts } from "../../lib/i18n.ts";

/** The operators' allow-list (setting webview_hosts, public in GET /getSiteConfig); an unreadable list allows nothing. */
const loadAllowedHosts = async (): Promise<string[]> => {
  const config = await get<SiteConfig>("/getSiteConfig", undefined, { silent: true });
  const parsed = parseHostList(config.webview_hosts ?? "");
  return "hosts" in parsed ? parsed.hosts : [];
};

/**
 * /webView?url=: an external http(s) page in a sandboxed frame, with a link to
 * open it in a new tab (many sites refuse to be framed), for hosts on the
 * operators' allow-list only: any other host is refused with no link to it, so a
 * crafted link cannot dress a phishing page in the app's frame. A page of this
 * app's own origin gets no script access to the app.
 */
export default function WebViewPage() {
  useTexts("content", "security");
  const { t } = useTranslation();
  const raw = useSearchParams()[0].get("url") ?? "";
  const allowed = useQuery({ key: [Q.content, "webview-hosts"], load: loadAllowedHosts, staleTime: 60_000 });
  if (!isHttpUrl(raw)) {
    return (
      <>
        <NavBar title={t("content.webView.title")} />
        <ErrorView message={t("content.webView.invalid")} />
      </>
    );
  }
  const url = new URL(raw);
  if (!allowed.data) {
    return (
      <>
        <NavBar title={t("content.webView.title")} />
        {allowed.error ? <ErrorView message={allowed.error.message} onRetry={allowed.reload} /> : <DelayedSpinner />}
      </>
    );
  }
  if (!hostAllowed(allowed.data, url.hostname)) {
    return (
      <>
        <NavBar title={t("content.webView.title")} />
        <div data-testid="webview-refused">
          <ErrorView message={t("security.webView.notAllowed", { host: url.hostname })} />
        </div>
      </>
    );
  }
  const sameOrigin = url.origin === location.origin;
  const sandbox = sameOrigin
    ? "allow-scripts allow-forms allow-popups"
    : "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";
  return (
    <>
      <NavBar title={url.hostname} />
      <div className="webview">
        <div className="webview-bar">
          <span className="webview-host">{url.href}</span>
          <a className="webview-open" href={url.href} target="_blank" rel="noopener noreferrer" data-testid="webview-open">
            {t("content.webView.openExternal")}
          </a>
        </div>
        <iframe
          className="webview-frame"
          src={url.href}
          title={url.hostname}
          sandbox={sandbox}
          referrerPolicy="no-referrer"
          data-testid="webview-frame"
        />
      </div>
    </>
  );
}
