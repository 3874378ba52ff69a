import { useTranslation } from "react-i18next";
import { PrivateImage } from "../../components/PrivateImage.tsx";
import { approveKyc, fetchKycQueue, type KycQueueItem, rejectKyc } from "../../features/admin/api.ts";
import { DecisionActions, useDecision } from "../../features/admin/components/Decision.tsx";
import { KycStatusBadge } from "../../features/kyc/components/KycStatusBadge.tsx";
import { formatDate } from "../../lib/time.ts";
import { UserCell } from "./parts.tsx";
import { QueuePage } from "./QueuePage.tsx";
import { useTexts } from "../../lib/i18n.ts";

const STATUSES = ["auditing", "hasaudit", "failed"] as const;

function KycCard({ item }: { item: KycQueueItem }) {
  useTexts("admin", "kyc");
  const { t } = useTranslation();
  const who = item.email ?? item.mobile ?? item.uid;
  const decision = useDecision({
    approve: {
      title: t("admin.kyc.approveTitle"),
      message: t("admin.kyc.approveMessage", { level: item.level, user: who }),
      run: () => approveKyc(item.id),
    },
    reject: {
      title: t("admin.kyc.rejectTitle"),
      message: t("admin.kyc.rejectMessage", { level: item.level, user: who }),
      run: (reason) => rejectKyc(item.id, reason),
    },
  });

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
      {item.status === "auditing" && <DecisionActions decision={decision} />}
      {decision.element}
    </article>
  );
}

export default function AdminKycPage() {
  useTexts("admin", "kyc");
  const { t } = useTranslation();
  return (
    <QueuePage title={t("admin.nav.kyc")} statuses={STATUSES} label={(s) => t(`kyc.status.${s}`)} load={fetchKycQueue} Card={KycCard} />
  );
}
