import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { type AdminTrader, adminTradersQuery, reviewTrader } from "../../features/follow/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { Tabs } from "../fund/parts.tsx";
import { AdminShell } from "./AdminShell.tsx";

type Action = "approve" | "reject" | "suspend";
const ACTIONS: Record<AdminTrader["status"], Action[]> = {
  pending: ["approve", "reject"],
  approved: ["suspend"],
  suspended: ["approve"],
  rejected: [],
};
const STATUS_CLASS = { pending: "warn", approved: "up", rejected: "down", suspended: "down" } as const;

function TraderRow({ r }: { r: AdminTrader }) {
  useTexts("follow");
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const act = async (action: Action) => {
    const ok = await confirmDialog({
      title: t("follow.admin.confirmTitle"),
      message: t("follow.admin.confirmMessage", { action: t(`follow.admin.${action}`), nickname: r.nickname, email: r.email }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      toast(await reviewTrader({ user_id: r.user_id, action }));
    } catch (err) {
      toast((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="record" data-testid={`admin-trader-${r.user_id}`}>
      <div className="row-between">
        <strong>
          {r.nickname} · {r.email}
        </strong>
        <span className={`status-badge ${STATUS_CLASS[r.status]}`}>{t(`follow.status.${r.status}`)}</span>
      </div>
      {r.bio && <p className="faint">{r.bio}</p>}
      <dl className="kv kv-compact">
        <dt>{t("follow.admin.applied")}</dt>
        <dd className="num">{formatDate(r.created_at, true)}</dd>
        <dt>{t("follow.admin.followers")}</dt>
        <dd className="num">{r.follow_num}</dd>
        <dt>{t("follow.admin.profit")}</dt>
        <dd className="num">{amount(r.total_profits)} USDT</dd>
      </dl>
      <div className="row">
        {ACTIONS[r.status].map((a) => (
          <button
            key={a}
            type="button"
            className={`btn btn-small ${a === "approve" ? "btn-primary" : "btn-ghost"}`}
            disabled={busy}
            onClick={() => void act(a)}
            data-testid={`trader-${a}`}
          >
            {t(`follow.admin.${a}`)}
          </button>
        ))}
      </div>
    </li>
  );
}

/** Console: trader applications and traders; approve, reject or suspend (each audited by the worker). */
export default function AdminTradersPage() {
  useTexts("follow");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [status, setStatus] = useState<"" | AdminTrader["status"]>("pending");
  const list = useQuery(adminTradersQuery(token, status));
  let body;
  if (!list.data) body = <QueryPending query={list} />;
  else if (list.data.data.length === 0) body = <EmptyState text={t("follow.admin.empty")} />;
  else
    body = (
      <ul className="record-list" data-testid="admin-traders">
        {list.data.data.map((r) => (
          <TraderRow key={r.user_id} r={r} />
        ))}
      </ul>
    );
  return (
    <AdminShell title={t("follow.admin.title")}>
      <div className="stack">
        <Tabs
          value={status}
          onChange={setStatus}
          options={[
            { value: "pending", label: t("follow.status.pending") },
            { value: "approved", label: t("follow.status.approved") },
            { value: "suspended", label: t("follow.status.suspended") },
            { value: "", label: t("follow.admin.all") },
          ]}
        />
        {body}
      </div>
    </AdminShell>
  );
}
