import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { answerRequest, cancelRequest, claimReward, type CoupleView, loversQuery, requestLink } from "../../features/activity/activity.ts";
import { tokenAtom, userAtom } from "../../features/session/atoms.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { ApiFailure } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import "../../styles/activity.css";

type Link = NonNullable<CoupleView["link"]>;

/** Runs a write, toasting the server's translated refusal; answers whether it succeeded. */
async function attempt(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    toast(err.message);
    return false;
  }
}

function Terms({ c }: { c: CoupleView["config"] }) {
  useTexts("activity");
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2 className="card-title">{t("activity.lovers.rules")}</h2>
      <ol className="download-steps" data-testid="lovers-rules">
        <li>{t("activity.lovers.rule1")}</li>
        <li>{t("activity.lovers.rule2", { a: amount(c.min_deposit_a), b: amount(c.min_deposit_b), coin: c.deposit_currency })}</li>
        <li>{t("activity.lovers.rule3", { amount: amount(c.reward_amount), coin: c.reward_currency })}</li>
      </ol>
    </section>
  );
}

const REWARD_BADGE = { unclaimed: "", claimable: "warn", claimed: "up" } as const;

function Linked({ link, c, busy, onClaim }: { link: Link; c: CoupleView["config"]; busy: boolean; onClaim: () => void }) {
  useTexts("activity");
  const { t } = useTranslation();
  const me = useAtomValue(userAtom);
  const [mine, theirs] = link.role === "a" ? [link.deposited_a, link.deposited_b] : [link.deposited_b, link.deposited_a];
  const [myMin, theirMin] = link.role === "a" ? [c.min_deposit_a, c.min_deposit_b] : [c.min_deposit_b, c.min_deposit_a];
  return (
    <section className="card" data-testid="lovers-linked">
      <div className="couple-people">
        <div>
          <strong>{me?.nickname || me?.uid}</strong>
          <span className="muted small num">UID {me?.uid}</span>
        </div>
        <span className="heart" aria-hidden="true">
          ♥
        </span>
        <div>
          <strong data-testid="lovers-partner">{link.partner.nickname || link.partner.uid}</strong>
          <span className="muted small num">UID {link.partner.uid}</span>
        </div>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("activity.lovers.linkedAt")}</dt>
        <dd className="num">{formatDate(link.linked_at)}</dd>
        <dt>{t("activity.lovers.myDeposits")}</dt>
        <dd className="num" data-testid="lovers-mine">
          {amount(mine)} / {amount(myMin)} {c.deposit_currency}
        </dd>
        <dt>{t("activity.lovers.partnerDeposits")}</dt>
        <dd className="num" data-testid="lovers-theirs">
          {amount(theirs)} / {amount(theirMin)} {c.deposit_currency}
        </dd>
        <dt>{t("activity.lovers.reward")}</dt>
        <dd>
          <span className={`status-badge ${REWARD_BADGE[link.reward]}`} data-testid="lovers-reward">
            {t(`activity.lovers.state.${link.reward}`)}
          </span>
        </dd>
      </dl>
      {link.reward === "claimable" && (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={onClaim} data-testid="lovers-claim">
          {t("activity.lovers.claim", { amount: amount(c.reward_amount), coin: c.reward_currency })}
        </button>
      )}
      {link.reward === "unclaimed" && <p className="muted small">{t("activity.lovers.depositHint")}</p>}
    </section>
  );
}

function RequestForm({ busy, onSend }: { busy: boolean; onSend: (uid: string) => void }) {
  useTexts("activity");
  const { t } = useTranslation();
  const [uid, setUid] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (uid.trim()) onSend(uid.trim());
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="lovers-form">
      <label className="field">
        <span>{t("activity.lovers.partnerUid")}</span>
        <input
          className="input"
          value={uid}
          onChange={(e) => setUid(e.target.value)}
          placeholder={t("activity.lovers.uidPlaceholder")}
          autoComplete="off"
          data-testid="lovers-uid"
        />
      </label>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !uid.trim()} data-testid="lovers-send">
        {t("activity.lovers.send")}
      </button>
    </form>
  );
}

/** activity/lovers: ask a partner by UID, answer requests, follow both deposits and claim the reward once. */
export default function LoversPage() {
  useTexts("activity");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const me = useAtomValue(userAtom);
  const q = useQuery(loversQuery(token));
  const idem = useIdempotencyKey();
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      if ((await attempt(fn)) && done) toast(done);
    } finally {
      setBusy(false);
    }
  };

  const send = async (uid: string) => {
    const ok = await confirmDialog({ title: t("activity.lovers.sendTitle"), message: t("activity.lovers.sendMessage", { uid }) });
    if (ok) await run(() => requestLink(uid), t("activity.lovers.sent"));
  };
  const answer = async (id: number, uid: string, accept: boolean) => {
    const ok = await confirmDialog({
      title: t(accept ? "activity.lovers.confirmTitle" : "activity.lovers.declineTitle"),
      message: t(accept ? "activity.lovers.confirmMessage" : "activity.lovers.declineMessage", { uid }),
    });
    if (ok) await run(() => answerRequest(id, accept));
  };
  const withdraw = async (id: number) => {
    const ok = await confirmDialog({ title: t("activity.lovers.withdrawTitle"), message: t("activity.lovers.withdrawMessage") });
    if (ok) await run(() => cancelRequest(id));
  };
  const claim = async (c: CoupleView["config"]) => {
    const ok = await confirmDialog({
      title: t("activity.lovers.claimTitle"),
      message: t("activity.lovers.claimMessage", { amount: amount(c.reward_amount), coin: c.reward_currency }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const done = await attempt(async () => toast(await claimReward(idem.current())));
      if (done) idem.reset();
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!q.data) body = <QueryPending query={q} />;
  else {
    const v = q.data;
    body = (
      <>
        <div className="notice">
          {t("activity.lovers.intro")}{" "}
          <strong className="num" data-testid="lovers-my-uid">
            {me?.uid}
          </strong>
        </div>
        {v.link ? (
          <Linked link={v.link} c={v.config} busy={busy} onClaim={() => void claim(v.config)} />
        ) : !v.config.enabled ? (
          <p className="notice" data-testid="lovers-closed">
            {t("activity.lovers.closed")}
          </p>
        ) : v.outgoing ? (
          <section className="card stack" data-testid="lovers-outgoing">
            <div className="row-between">
              <strong>{t("activity.lovers.waiting", { uid: v.outgoing.to.uid })}</strong>
              <span className="status-badge warn">{t("activity.lovers.pending")}</span>
            </div>
            <p className="muted small">{t("activity.lovers.sentAt", { date: formatDate(v.outgoing.created_at) })}</p>
            <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={() => void withdraw(v.outgoing!.id)}>
              {t("activity.lovers.withdraw")}
            </button>
          </section>
        ) : (
          <RequestForm busy={busy} onSend={(uid) => void send(uid)} />
        )}
        {!v.link && v.incoming.length > 0 && (
          <section className="card stack" data-testid="lovers-incoming">
            <h2 className="card-title">{t("activity.lovers.incoming")}</h2>
            {v.incoming.map((r) => (
              <div key={r.id} className="stack" data-testid={`lovers-request-${r.id}`}>
                <div className="row-between">
                  <strong>{r.from.nickname || r.from.uid}</strong>
                  <span className="muted small num">UID {r.from.uid}</span>
                </div>
                <div className="row">
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busy}
                    onClick={() => void answer(r.id, r.from.uid, true)}
                    data-testid="lovers-accept"
                  >
                    {t("activity.lovers.accept")}
                  </button>
                  <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void answer(r.id, r.from.uid, false)}>
                    {t("activity.lovers.decline")}
                  </button>
                </div>
              </div>
            ))}
          </section>
        )}
        <Terms c={v.config} />
      </>
    );
  }
  return (
    <>
      <NavBar title={t("activity.lovers.title")} />
      <div className="content stack">{body}</div>
    </>
  );
}
