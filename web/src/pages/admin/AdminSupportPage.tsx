import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type SupportQueueItem, queueQuery, useSupportDesk, waitState } from "../../features/support/console.ts";
import { useAtomValue } from "jotai";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { AdminShell } from "./AdminShell.tsx";
import "../../styles/setting.css";
import "../../styles/messages.css";

/**
 * /admin/support: the customer-service queue, longest waiting first. The agents' desk socket re-reads it whenever a
 * conversation changes, and holding it open is what tells users an agent is online. A wait longer than the configured
 * time is highlighted.
 */
export default function AdminSupportPage() {
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
      {data && <p className="faint">{t("support.console.online", { count: data.agents_online })}</p>}
      {body}
    </AdminShell>
  );
}

function QueueRow({ item, me, alertAfter, now }: { item: SupportQueueItem; me: number; alertAfter: number; now: number }) {
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
          {late && <span className="support-late">{t("support.console.waiting", { minutes: Math.floor(waited / 60_000) })}</span>}
        </div>
      </Link>
    </li>
  );
}

/** The time now, re-read every `everyMs`, so waits grow on screen. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
