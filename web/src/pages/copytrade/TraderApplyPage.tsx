import { useAtomValue } from "jotai";
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { applyAsTrader, myTraderQuery } from "../../features/follow/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { StatsList } from "../follow/StatsList.tsx";
import "../../styles/fund.css";
import "../../styles/follow.css";

const STATUS_CLASS = { pending: "warn", approved: "up", rejected: "down", suspended: "down" } as const;

/** `/copytrade/trader`: become a trader (nickname and short bio, reviewed by operators), the application's state, one's figures. */
export default function TraderApplyPage() {
  useTexts("follow");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const me = useQuery(myTraderQuery(token));
  const form = useForm({ nickname: "", bio: "" });
  const nickId = useId();
  const bioId = useId();
  const title = t("follow.becomeTrader");
  const m = me.data;
  if (!m) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={me} />
      </>
    );
  }
  const canApply = m.status === "none" || m.status === "rejected";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const nickname = form.values.nickname.trim();
    const bio = form.values.bio.trim();
    void form.submit(
      () => ({
        nickname: [...nickname].length < 2 || [...nickname].length > 24 ? { key: "follow.nicknameInvalid" } : undefined,
        bio: [...bio].length > 200 ? { key: "follow.bioInvalid" } : undefined,
      }),
      async () => {
        const ok = await confirmDialog({ title: t("follow.applyTitle"), message: t("follow.applyMessage", { nickname }) });
        if (!ok) return;
        toast(await applyAsTrader({ nickname, bio }));
      },
    );
  };
  return (
    <>
      <NavBar title={title} />
      <div className="content stack">
        <p className="faint">{t("follow.traderIntro")}</p>
        {m.status !== "none" && (
          <section className="card stack" data-testid="trader-application">
            <div className="row-between">
              <strong>{m.nickname}</strong>
              <span className={`status-badge ${STATUS_CLASS[m.status]}`} data-testid="trader-status">
                {t(`follow.status.${m.status}`)}
              </span>
            </div>
            {m.bio && <p className="faint">{m.bio}</p>}
          </section>
        )}
        {m.data && <StatsList data={m.data} />}
        {canApply &&
          (m.active_follows > 0 ? (
            <p className="notice">{t("follow.applyWhileFollowing")}</p>
          ) : (
            <form className="stack" onSubmit={submit} noValidate>
              <div className="field">
                <label htmlFor={nickId}>{t("follow.nickname")}</label>
                <input
                  id={nickId}
                  className="input"
                  maxLength={24}
                  value={form.values.nickname}
                  onChange={(e) => form.set("nickname")(e.target.value)}
                  aria-invalid={Boolean(form.errors.nickname)}
                  aria-describedby={form.errors.nickname ? `${nickId}-error` : undefined}
                  data-testid="trader-nickname-input"
                />
                {form.errors.nickname && (
                  <span id={`${nickId}-error`} className="field-error" role="alert">
                    {fieldMessageText(t, form.errors.nickname)}
                  </span>
                )}
              </div>
              <div className="field">
                <label htmlFor={bioId}>{t("follow.bio")}</label>
                <textarea
                  id={bioId}
                  className="input"
                  rows={3}
                  maxLength={200}
                  value={form.values.bio}
                  onChange={(e) => form.set("bio")(e.target.value)}
                  aria-invalid={Boolean(form.errors.bio)}
                  aria-describedby={form.errors.bio ? `${bioId}-error` : undefined}
                />
                {form.errors.bio && (
                  <span id={`${bioId}-error`} className="field-error" role="alert">
                    {fieldMessageText(t, form.errors.bio)}
                  </span>
                )}
              </div>
              <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="trader-apply">
                {t("follow.apply")}
              </button>
            </form>
          ))}
      </div>
    </>
  );
}
