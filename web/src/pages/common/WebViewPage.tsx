import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView } from "../../components/States.tsx";
import { isHttpUrl } from "../../features/content/links.ts";
import "../../styles/content.css";

/**
 * /webView?url=: an external http(s) page in a sandboxed frame, with a link to
 * open it in a new tab (many sites refuse to be framed). A page of this app's
 * own origin gets no script access to the app.
 */
export default function WebViewPage() {
  const { t } = useTranslation();
  const raw = useSearchParams()[0].get("url") ?? "";
  if (!isHttpUrl(raw)) {
    return (
      <>
        <NavBar title={t("content.webView.title")} />
        <ErrorView message={t("content.webView.invalid")} />
      </>
    );
  }
  const url = new URL(raw);
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
