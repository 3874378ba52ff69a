import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type SupportQueueItem, queueQuery, setWaitAlert, useSupportDesk, waitState } from "../../features/support/console.ts";
import { toast } from "../../lib/ui.ts";
import { useAtomValue } from "jotai";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { AdminShell } from "./AdminShell.tsx";
import "../../styles/setting.css";
import "../../styles/messages.css";
import { useTexts } from "../../lib/i18n.ts";

/**
 * /admin/support: the customer-service queue, longest waiting first. The agents' desk socket re-reads it whenever a
 * conversation changes, and holding it open is what tells users an agent is online. A wait longer than the configured
 * time is highlighted.
 */
export default function AdminSupportPage() {
  useTexts("support");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [status, setStatus] = useState<"open" | "closed">("open");
  const queue = useQuery(queueQuery(status));
  const now = useNow(10_000);
  const { reload } = queue;

  useSupportDesk(token, reload);

  const data = queue.data;
  let body;
  if (queue.error && !data) body = <ErrorView message={queue.error.message} onRetry={queue.reload} />;
  else if (!data) body = <DelayedSpinner />;
  else if (data.items.length === 0) body = <EmptyState text={t("support.console.empty")} />;
  else
    body = (
      <ul className="support-queue" data-testid="support-queue">
        {data.items.map((item) => (
          <QueueRow key={item.id} item={item} me={data.me} alertAfter={data.alert_after_ms} now={now} />
        ))}
      </ul>
    );
  return (
    <AdminShell title={t("support.console.title")}>
      <div className="segmented" role="tablist">
        {(["open", "closed"] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            className={status === s ? "active" : ""}
            onClick={() => setStatus(s)}
          >
            {t(`support.console.${s}`)}
          </button>
        ))}
      </div>
      {data && (
        <div className="support-toolbar">
          <span className="faint">{t("support.console.online", { count: data.agents_online })}</span>
          <WaitSetting seconds={Math.round(data.alert_after_ms / 1000)} />
        </div>
      )}
      {body}
    </AdminShell>
  );
}

function QueueRow({ item, me, alertAfter, now }: { item: SupportQueueItem; me: number; alertAfter: number; now: number }) {
  useTexts("support");
  const { t } = useTranslation();
  const { waitedMs: waited, late } = waitState(item, alertAfter, now);
  return (
    <li>
      <Link to={`/admin/support/${item.id}`} className={late ? "support-row late" : "support-row"} data-testid="support-row">
        <div className="support-row-head">
          <strong>{item.user_label}</strong>
          <span className="faint num">UID {item.user_uid}</span>
          {item.unread > 0 && <span className="count-pill num">{item.unread}</span>}
        </div>
        <div className="support-row-text">{item.last_message}</div>
        <div className="support-row-meta faint">
          <span className="num">{formatDate(item.last_message_at, true)}</span>
          <span>
            {item.agent_id === null
              ? t("support.console.unclaimed")
              : item.agent_id === me
                ? t("support.console.mine")
                : t("support.console.heldBy", { name: item.agent_label ?? "" })}
          </span>
          {late && <span className="support-late">{t("support.console.waiting", { time: waitText(waited) })}</span>}
        </div>
      </Link>
    </li>
  );
}

/** The highlight wait, edited in place: the worker checks the range and audits the change. */
function WaitSetting({ seconds }: { seconds: number }) {
  useTexts("support");
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(seconds);
  const save = (e: FormEvent) => {
    e.preventDefault();
    setWaitAlert(value)
      .then(() => {
        setDraft(null);
        toast(t("support.console.waitSaved"));
      })
      .catch(() => undefined);
  };
  return (
    <form className="support-wait" onSubmit={save}>
      <label htmlFor="support-wait">{t("support.console.waitLabel")}</label>
      <input
        id="support-wait"
        className="support-select num"
        inputMode="numeric"
        value={value}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, "").slice(0, 5))}
        data-testid="support-wait"
      />
      <button type="submit" className="btn btn-ghost btn-small" disabled={draft === null || draft === String(seconds) || !draft}>
        {t("common.save")}
      </button>
    </form>
  );
}

/** A wait as h:mm:ss, or m:ss under an hour. */
function waitText(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The time now, re-read every `everyMs`, so waits grow on screen. */
function useNow(everyMs: number): number {
  useTexts("support");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
