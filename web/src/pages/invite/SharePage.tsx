import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { type RebateView, type ShareView, REBATES_KEY, inviteLink, loadRebates, shareQuery } from "../../features/invite/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { QrCode } from "../../features/qr/QrCode.tsx";
import { copyText } from "../../features/wallet/copy.ts";
import { dec } from "../../lib/decimal.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { toast } from "../../lib/ui.ts";
import { RecordList } from "../fund/parts.tsx";
import "../../styles/fund.css";
import "../../styles/invite.css";

/** The published share as a percent ("0.2" → "20"). */
const percent = (rate: string) => amount(dec(rate).times(100));

function InviteCard({ share }: { share: ShareView }) {
  useTexts("invite");
  const { t } = useTranslation();
  const link = inviteLink(window.location.origin, share.invite_code);
  const copy = async (text: string) => toast((await copyText(text)) ? t("common.copied") : t("invite.copyFailed"));
  return (
    <section className="card stack invite-card" data-testid="invite-card">
      <p className="muted">{t("invite.terms", { percent: percent(share.rate) })}</p>
      <div className="invite-qr">
        <QrCode text={link} size={168} label={t("invite.qrLabel")} testId="invite-qr" />
      </div>
      <dl className="kv">
        <dt>{t("invite.code")}</dt>
        <dd>
          <button
            type="button"
            className="btn btn-ghost mono invite-code"
            onClick={() => void copy(share.invite_code)}
            data-testid="invite-code"
          >
            {share.invite_code}
          </button>
        </dd>
      </dl>
      <p className="invite-link mono" data-testid="invite-link">
        {link}
      </p>
      <button type="button" className="btn btn-primary btn-block" onClick={() => void copy(link)} data-testid="invite-copy">
        {t("invite.copyLink")}
      </button>
    </section>
  );
}

function Totals({ share }: { share: ShareView }) {
  useTexts("invite");
  const { t } = useTranslation();
  return (
    <section className="card stack" data-testid="invite-totals">
      <div className="invite-stats">
        <div>
          <span className="faint">{t("invite.invitees")}</span>
          <strong className="num">{share.invitee_count}</strong>
        </div>
        <div>
          <span className="faint">{t("invite.earned")}</span>
          {share.totals.length === 0 ? (
            <strong className="num">0</strong>
          ) : (
            share.totals.map((x) => (
              <strong key={x.currency} className="num">
                {amount(x.amount)} {x.currency}
              </strong>
            ))
          )}
        </div>
      </div>
    </section>
  );
}

function Invitees({ share }: { share: ShareView }) {
  useTexts("invite");
  const { t } = useTranslation();
  if (share.invitees.length === 0) return <EmptyState text={t("invite.noInvitees")} />;
  return (
    <ul className="list invite-list" data-testid="invitees">
      {share.invitees.map((i, n) => (
        <li key={n} className="list-item">
          <span className="mono">{i.name}</span>
          <span className="value num">{formatDate(i.registered_at)}</span>
        </li>
      ))}
    </ul>
  );
}

function RebateRow({ r }: { r: RebateView }) {
  useTexts("invite");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`rebate-${r.id}`}>
      <div className="row-between">
        <strong className="num up">
          +{amount(r.amount)} {r.currency}
        </strong>
        <span className="faint num">{formatDate(r.day * 86_400_000)}</span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("invite.from")}</dt>
        <dd className="mono">{r.invitee}</dd>
        <dt>{t("invite.fees")}</dt>
        <dd className="num">
          {amount(r.fee)} {r.currency} × {percent(r.rate)}%
        </dd>
      </dl>
    </li>
  );
}

/** The share page (setting/share): the user's invite link and QR code, what inviting earns, invitees and rebates. */
export default function SharePage() {
  useTexts("invite");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const share = useQuery(shareQuery(token));
  const rebates = usePagedQuery(REBATES_KEY(token), loadRebates);
  let body;
  if (!share.data) body = <QueryPending query={share} />;
  else
    body = (
      <>
        <InviteCard share={share.data} />
        <Totals share={share.data} />
        <h2 className="setting-heading">{t("invite.inviteesTitle")}</h2>
        <Invitees share={share.data} />
        <h2 className="setting-heading">{t("invite.rebatesTitle")}</h2>
        <RecordList list={rebates} empty={t("invite.noRebates")} testId="rebates" render={(r) => <RebateRow key={r.id} r={r} />} />
      </>
    );
  return (
    <>
      <NavBar title={t("invite.title")} />
      <div className="content stack">{body}</div>
    </>
  );
}
