import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PrivateImage } from "../../components/PrivateImage.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { adminUserQuery } from "../../features/admin/api.ts";
import { KycStatusBadge } from "../../features/kyc/components/KycStatusBadge.tsx";
import { accountFromType } from "../../features/wallet/accounts.ts";
import { useKindLabel } from "../../features/wallet/components/kinds.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { dec } from "../../lib/decimal.ts";
import { amount } from "../../lib/format.ts";
import { formatDate } from "../../lib/time.ts";
import { AdminShell } from "./AdminShell.tsx";
import { useTexts } from "../../lib/i18n.ts";
import { SupportRoleCard } from "./SupportRoleCard.tsx";
import { LoanFlagsCard } from "./LoanFlagsCard.tsx";

const BANK_KEYS = [
  "real_name",
  "bank_account",
  "bank_name",
  "bank_dizhi",
  "bank_network",
  "swift_code",
  "phone",
  "alipay_account",
  "wechat_account",
  "wechat_nickname",
] as const;

/** One user: profile, verification (with photos), bank cards, addresses, balances and recent ledger rows. Viewing is audited. */
export default function AdminUserDetailPage() {
  useTexts("admin", "fund", "kyc");
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const id = Number(useParams().id);
  const query = useQuery(adminUserQuery(id));
  const accountLabel = (type: number) => {
    const name = accountFromType(type);
    return name ? t(`fund.accounts.${name}`) : String(type);
  };

  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else {
    const { user, verification, bank_cards, addresses, balances, ledger } = query.data;
    body = (
      <div className="admin-detail">
        <section className="admin-card">
          <h2 className="card-title">{t("admin.users.profile")}</h2>
          <dl className="kv kv-grid">
            <dt>{t("admin.users.uid")}</dt>
            <dd>{user.uid}</dd>
            <dt>{t("admin.users.email")}</dt>
            <dd>{user.email ?? "—"}</dd>
            <dt>{t("admin.users.mobile")}</dt>
            <dd>{user.mobile ? `+${user.area_code ?? ""} ${user.mobile}` : "—"}</dd>
            <dt>{t("admin.users.nickname")}</dt>
            <dd>{user.nickname}</dd>
            <dt>{t("admin.users.role")}</dt>
            <dd>{t(`admin.users.roles.${user.role === "operator" ? "operator" : user.role === "system" ? "system" : "user"}`)}</dd>
            <dt>{t("admin.users.payPassword")}</dt>
            <dd>{user.has_pay_password ? t("admin.common.yes") : t("admin.common.no")}</dd>
            <dt>{t("admin.users.created")}</dt>
            <dd>{formatDate(user.created_at, true)}</dd>
          </dl>
        </section>
        {user.role === "operator" && <SupportRoleCard userId={user.id} />}
        {user.role === "user" && <LoanFlagsCard userId={user.id} marketMaker={user.market_maker} proTrader={user.pro_trader} />}

        <section className="admin-card">
          <h2 className="card-title">
            {t("admin.users.verification")} ·{" "}
            {verification.level ? t("admin.kyc.levelN", { level: verification.level }) : t("kyc.mark.unverified")}
          </h2>
          {verification.submissions.length === 0 ? (
            <p className="faint">{t("admin.users.noneYet")}</p>
          ) : (
            verification.submissions.map((s) => (
              <div key={s.id} className="submission">
                <div className="row-between">
                  <strong>{t("admin.kyc.levelN", { level: s.level })}</strong>
                  <KycStatusBadge status={s.status} />
                </div>
                {s.level === 1 ? (
                  <p>
                    {s.id_type === null ? "" : `${t(`kyc.idTypes.${s.id_type as 0 | 1 | 2}`)} · `}
                    {s.name} · <span className="num">{s.card_id}</span>
                  </p>
                ) : (
                  <div className="photo-pair">
                    <PrivateImage src={s.front_pic ?? ""} alt={t("kyc.real.front")} className="admin-photo" />
                    <PrivateImage src={s.reverse_pic ?? ""} alt={t("kyc.real.back")} className="admin-photo" />
                  </div>
                )}
                {s.reason && <p className="faint">{t("kyc.mark.reason", { reason: s.reason })}</p>}
              </div>
            ))
          )}
        </section>

        <section className="admin-card">
          <h2 className="card-title">{t("admin.users.bankCards")}</h2>
          {bank_cards.length === 0 ? (
            <p className="faint">{t("admin.users.noneYet")}</p>
          ) : (
            bank_cards.map((card) => (
              <dl key={card.id} className="kv kv-grid">
                <dt>{t("admin.users.cardKind")}</dt>
                <dd>{card.kind === "domestic" ? t("fund.bank.title") : t("fund.bank.internationalTitle")}</dd>
                {BANK_KEYS.map((k) => (
                  <div key={k} className="kv-row">
                    <dt>{t(`fund.bank.fields.${k}`)}</dt>
                    <dd>{String(card[k] ?? "")}</dd>
                  </div>
                ))}
              </dl>
            ))
          )}
        </section>

        <section className="admin-card">
          <h2 className="card-title">{t("admin.users.addresses")}</h2>
          {addresses.length === 0 ? (
            <p className="faint">{t("admin.users.noneYet")}</p>
          ) : (
            <ul className="plain-list">
              {addresses.map((a) => (
                <li key={a.id}>
                  <strong>{a.currency_name}</strong> · {a.name} · <span className="mono">{a.address}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="admin-card">
          <h2 className="card-title">{t("admin.users.balances")}</h2>
          {balances.length === 0 ? (
            <p className="faint">{t("admin.users.noneYet")}</p>
          ) : (
            <div className="table-wrap">
              <table className="admin-table" data-testid="admin-user-balances">
                <thead>
                  <tr>
                    <th>{t("fund.common.coin")}</th>
                    <th>{t("fund.common.account")}</th>
                    <th className="right">{t("fund.common.available")}</th>
                    <th className="right">{t("fund.common.frozen")}</th>
                  </tr>
                </thead>
                <tbody>
                  {balances.map((b) => (
                    <tr key={`${b.currency_id}-${b.account_type}`}>
                      <td>{b.currency_name}</td>
                      <td>{accountLabel(b.account_type)}</td>
                      <td className="right num">{amount(b.available)}</td>
                      <td className="right num">{amount(b.locked)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className="admin-card">
          <h2 className="card-title">{t("admin.users.ledger")}</h2>
          {ledger.length === 0 ? (
            <EmptyState />
          ) : (
            <div className="table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t("admin.audit.time")}</th>
                    <th>{t("fund.bill.kind")}</th>
                    <th>{t("fund.common.account")}</th>
                    <th className="right">{t("fund.common.amount")}</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.map((e) => (
                    <tr key={e.id}>
                      <td className="when">
                        <span>{formatDate(e.created_at)}</span> <span>{formatDate(e.created_at, true).slice(11)}</span>
                      </td>
                      <td>{kindLabel(e.kind)}</td>
                      <td>
                        {accountLabel(e.account_type)}
                        {e.bucket === "locked" ? ` · ${t("fund.common.frozen")}` : ""}
                      </td>
                      <td className={`right num nowrap ${dec(e.amount).isNegative() ? "down" : "up"}`}>
                        {dec(e.amount).isNegative() ? "" : "+"}
                        {amount(e.amount)} {e.currency_name}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    );
  }
  return <AdminShell title={t("admin.users.detailTitle")}>{body}</AdminShell>;
}
