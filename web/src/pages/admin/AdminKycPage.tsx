import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { PrivateImage } from "../../components/PrivateImage.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { approveKyc, fetchKycQueue, type KycQueueItem, type KycQueueStatus, rejectKyc } from "../../features/admin/api.ts";
import { useReasonPrompt } from "../../features/admin/components/ReasonPrompt.tsx";
import { KycStatusBadge } from "../../features/kyc/components/KycStatusBadge.tsx";
import { usePagedList } from "../../hooks/usePagedList.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { LoadMore, StatusTabs, UserCell } from "./parts.tsx";

const STATUSES: KycQueueStatus[] = ["auditing", "hasaudit", "failed"];

function KycCard({ item, onDecided }: { item: KycQueueItem; onDecided: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const reasonPrompt = useReasonPrompt();
  const who = item.email ?? item.mobile ?? item.uid;

  const decide = async (approve: boolean) => {
    let reason: string | null = null;
    if (approve) {
      const ok = await confirmDialog({ title: t("admin.kyc.approveTitle"), message: t("admin.kyc.approveMessage", { level: item.level, user: who }) });
      if (!ok) return;
    } else {
      reason = await reasonPrompt.ask(t("admin.kyc.rejectTitle"), t("admin.kyc.rejectMessage", { level: item.level, user: who }));
      if (reason === null) return;
    }
    setBusy(true);
    try {
      toast(approve ? await approveKyc(item.id) : await rejectKyc(item.id, reason!));
      onDecided();
    } catch {
      setBusy(false);
    }
  };

  return (
    <article className="admin-card" data-testid={`kyc-item-${item.id}`}>
      <header className="row-between">
        <UserCell uid={item.uid} email={item.email} mobile={item.mobile} userId={item.user_id} />
        <KycStatusBadge status={item.status} />
      </header>
      <dl className="kv kv-grid">
        <dt>{t("admin.kyc.level")}</dt>
        <dd>{t("admin.kyc.levelN", { level: item.level })}</dd>
        <dt>{t("admin.common.submitted")}</dt>
        <dd>{formatDate(item.created_at, true)}</dd>
        {item.level === 1 && (
          <>
            <dt>{t("kyc.real.idType")}</dt>
            <dd>{item.id_type === null ? "—" : t(`kyc.idTypes.${item.id_type as 0 | 1 | 2}`)}</dd>
            <dt>{t("kyc.real.name")}</dt>
            <dd data-testid="kyc-item-name">{item.name}</dd>
            <dt>{t("kyc.real.cardId")}</dt>
            <dd className="num">{item.card_id}</dd>
          </>
        )}
        {item.reason && (
          <>
            <dt>{t("admin.common.reason")}</dt>
            <dd>{item.reason}</dd>
          </>
        )}
      </dl>
      {item.level === 2 && (
        <div className="photo-pair">
          <figure>
            <PrivateImage src={item.front_pic ?? ""} alt={t("kyc.real.front")} className="admin-photo" />
            <figcaption>{t("kyc.real.front")}</figcaption>
          </figure>
          <figure>
            <PrivateImage src={item.reverse_pic ?? ""} alt={t("kyc.real.back")} className="admin-photo" />
            <figcaption>{t("kyc.real.back")}</figcaption>
          </figure>
        </div>
      )}
      {item.status === "auditing" && (
        <div className="admin-actions">
          <button type="button" className="btn btn-small btn-down" disabled={busy} onClick={() => void decide(false)}>
            {t("admin.common.reject")}
          </button>
          <button type="button" className="btn btn-small btn-up" disabled={busy} onClick={() => void decide(true)}>
            {t("admin.common.approve")}
          </button>
        </div>
      )}
      {reasonPrompt.element}
    </article>
  );
}

export default function AdminKycPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<KycQueueStatus>("auditing");
  const list = usePagedList(async (page) => {
    const answer = await fetchKycQueue(status, page);
    return { items: answer.data, hasMore: page < answer.pages };
  }, [status]);

  let body;
  if (list.error) body = <ErrorView message={list.error.message} onRetry={list.reload} />;
  else if (list.loading && list.items.length === 0) body = <DelayedSpinner />;
  else if (list.items.length === 0) body = <EmptyState text={t("admin.common.queueEmpty")} />;
  else
    body = (
      <>
        <div className="admin-grid">
          {list.items.map((item) => (
            <KycCard key={item.id} item={item} onDecided={list.reload} />
          ))}
        </div>
        <LoadMore list={list} />
      </>
    );

  return (
    <AdminShell title={t("admin.nav.kyc")}>
      <StatusTabs value={status} options={STATUSES.map((s) => ({ value: s, label: t(`kyc.status.${s}`) }))} onChange={setStatus} />
      {body}
    </AdminShell>
  );
}
