import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AdminSetting, WEBVIEW_HOSTS_KEY } from "../../../../schema/api/admin-settings.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { ErrorView } from "../../components/States.tsx";
import { get, post } from "../../lib/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { useTexts } from "../../lib/i18n.ts";

const fetchSettings = () => get<AdminSetting[]>("/admin/settings", undefined, { silent: true });
/** The worker checks the value by the key's rule and audits the change; its refusal names the bad entry. */
/** Saving re-reads the console's settings and the app's copy of the allow-list. */
const saveSetting = mutation(
  (key: AdminSetting["key"], value: string) => post<AdminSetting>("/admin/settings", { key, value }),
  [[Q.admin], [Q.content]],
);

/** One per line for editing; stored comma-separated. */
const asLines = (value: string) => value.split(",").filter(Boolean).join("\n");

function WebViewHostsForm({ setting }: { setting: AdminSetting }) {
  useTexts("security");
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => asLines(setting.value));
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await saveSetting(WEBVIEW_HOSTS_KEY, text);
      setText(asLines(saved.value));
      toast(t("security.admin.saved"));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-webview-hosts">
      <div className="field">
        <label htmlFor={id}>{t("security.admin.webviewHosts")}</label>
        <textarea
          id={id}
          className="input textarea mono"
          rows={6}
          value={text}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
        <p className="faint">{t("security.admin.webviewHostsHint")}</p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("security.admin.save")}
      </button>
    </form>
  );
}

/** Settings operators edit: today the web view's host allow-list. */
export default function AdminSettingsPage() {
  useTexts("security");
  const { t } = useTranslation();
  const query = useQuery({ key: [Q.admin, "settings"], load: fetchSettings });
  const hosts = query.data?.find((s) => s.key === WEBVIEW_HOSTS_KEY);
  let body;
  if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!hosts) body = <DelayedSpinner />;
  else body = <WebViewHostsForm setting={hosts} />;
  return <AdminShell title={t("security.admin.title")}>{body}</AdminShell>;
}
