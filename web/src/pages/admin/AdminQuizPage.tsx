import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryPending } from "../../components/States.tsx";
import { currentRoundsQuery, type QuizConfig, type QuizRound, quizConfigQuery } from "../../features/quiz/api.ts";
import { post } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";

/** The worker checks the document and writes it with its audit row; a bad field is named in the answer. */
const saveConfig = mutation((body: Record<string, string>) => post<QuizConfig>("/admin/guess/config", body), [[Q.admin], [Q.quiz]]);
/** An operator's round (audited); the market's quiz object arms its settlement at once. */
const createRound = mutation((body: Record<string, string>) => post<QuizRound>("/admin/guess/round", body), [[Q.quiz]]);

const field = (label: string, value: string, set: (v: string) => void, testId: string) => (
  <label className="field">
    <span>{label}</span>
    <input className="input" value={value} onChange={(e) => set(e.target.value)} data-testid={testId} />
  </label>
);

function ConfigForm({ config }: { config: QuizConfig }) {
  useTexts("guess", "security");
  const { t } = useTranslation();
  const [v, setV] = useState({
    fee_rate: config.fee_rate,
    min_bet: config.min_bet,
    max_bet: config.max_bet,
    auto_match_ids: config.auto_match_ids.join(","),
    guess_minutes: String(config.guess_minutes),
    run_minutes: String(config.run_minutes),
  });
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (x: string) => setV((cur) => ({ ...cur, [k]: x }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await confirmDialog({ title: t("guess.admin.config"), message: t("guess.admin.confirm") }))) return;
    setBusy(true);
    try {
      await saveConfig({ ...v, auto_match_ids: v.auto_match_ids.replace(/\s/g, "") });
      toast(t("security.admin.saved"));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-quiz-config">
      <h3 className="card-title">{t("guess.admin.config")}</h3>
      {field(t("guess.admin.fee"), v.fee_rate, set("fee_rate"), "quiz-fee")}
      {field(t("guess.admin.minBet"), v.min_bet, set("min_bet"), "quiz-min")}
      {field(t("guess.admin.maxBet"), v.max_bet, set("max_bet"), "quiz-max")}
      {field(t("guess.admin.autoMarkets"), v.auto_match_ids, set("auto_match_ids"), "quiz-auto")}
      {field(t("guess.admin.guessMinutes"), v.guess_minutes, set("guess_minutes"), "quiz-guess-minutes")}
      {field(t("guess.admin.runMinutes"), v.run_minutes, set("run_minutes"), "quiz-run-minutes")}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="quiz-save">
        {t("security.admin.save")}
      </button>
    </form>
  );
}

function RoundForm() {
  useTexts("guess");
  const { t } = useTranslation();
  const [v, setV] = useState({ market: "1", opensIn: "0", guess: "600", run: "300" });
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (x: string) => setV((cur) => ({ ...cur, [k]: x }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const seconds = (x: string) => Math.max(0, Math.round(Number(x) || 0)) * 1000;
    const opensAt = Date.now() + seconds(v.opensIn);
    const cutoffAt = opensAt + seconds(v.guess);
    const endsAt = cutoffAt + seconds(v.run);
    const message = t("guess.admin.confirmRound", { market: v.market, cutoff: formatDate(cutoffAt, true), end: formatDate(endsAt, true) });
    if (!(await confirmDialog({ title: t("guess.admin.newRound"), message }))) return;
    setBusy(true);
    try {
      // The times are taken again after the confirmation, so the round opens when confirmed.
      const now = Date.now();
      await createRound({
        match_id: v.market.trim(),
        opens_at: String(now + seconds(v.opensIn)),
        cutoff_at: String(now + seconds(v.opensIn) + seconds(v.guess)),
        ends_at: String(now + seconds(v.opensIn) + seconds(v.guess) + seconds(v.run)),
      });
      toast(t("guess.admin.created"));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-quiz-round">
      <h3 className="card-title">{t("guess.admin.newRound")}</h3>
      {field(t("guess.admin.market"), v.market, set("market"), "round-market")}
      {field(t("guess.admin.opensIn"), v.opensIn, set("opensIn"), "round-opens-in")}
      {field(t("guess.admin.guessSeconds"), v.guess, set("guess"), "round-guess")}
      {field(t("guess.admin.runSeconds"), v.run, set("run"), "round-run")}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="round-create">
        {t("guess.admin.create")}
      </button>
    </form>
  );
}

function OpenRounds() {
  useTexts("guess");
  const { t } = useTranslation();
  const rounds = useQuery(currentRoundsQuery);
  if (!rounds.data) return null;
  return (
    <div className="card stack">
      <h3 className="card-title">{t("guess.admin.open")}</h3>
      {rounds.data.data.length === 0 ? (
        <p className="muted">{t("guess.admin.none")}</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <tbody>
              {rounds.data.data.map((r) => (
                <tr key={r.id}>
                  <td className="num">#{r.id}</td>
                  <td>{r.symbol}</td>
                  <td>{t(`guess.state.${r.state}`)}</td>
                  <td className="num">{formatDate(r.cutoff_at, true)}</td>
                  <td className="num">{formatDate(r.ends_at, true)}</td>
                  <td className="num">
                    {amount(r.up_pool)} / {amount(r.down_pool)} {r.currency_name}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The quiz in the console: its configuration, a new round on any market, the rounds not yet settled. */
export default function AdminQuizPage() {
  useTexts("guess");
  const { t } = useTranslation();
  const query = useQuery(quizConfigQuery);
  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else
    body = (
      <>
        <RoundForm />
        <ConfigForm config={query.data} />
        <OpenRounds />
      </>
    );
  return <AdminShell title={t("guess.admin.title")}>{body}</AdminShell>;
}
