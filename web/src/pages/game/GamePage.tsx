import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { IconUser } from "../../components/icons.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { currentRoundsQuery, fetchHistory, fetchMyBets, quizConfigQuery, type QuizBet, type QuizRound } from "../../features/quiz/api.ts";
import { BetSheet } from "../../features/quiz/BetSheet.tsx";
import { QuizRules } from "../../features/quiz/QuizRules.tsx";
import { RoundCard } from "../../features/quiz/RoundCard.tsx";
import { BetCard } from "../../features/quiz/BetCard.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/fund.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/game.css";

type Tab = "rounds" | "bets" | "history";
const TABS: Tab[] = ["rounds", "bets", "history"];

/** The prediction quiz (page game): current and upcoming rounds with their pools, the user's bets, settled rounds. */
export default function GamePage() {
  useTexts("guess");
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("rounds");
  return (
    <>
      <NavBar title={t("guess.title")} />
      <div className="segmented game-tabs" role="tablist">
        {TABS.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            className={tab === x ? "active" : ""}
            onClick={() => setTab(x)}
            data-testid={`game-tab-${x}`}
          >
            {t(`guess.tabs.${x}`)}
          </button>
        ))}
      </div>
      {tab === "rounds" && <CurrentRounds />}
      {tab === "bets" && <MyBets />}
      {tab === "history" && <History />}
    </>
  );
}

/** A clock for countdowns, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function CurrentRounds() {
  useTexts("guess");
  const { t } = useTranslation();
  const rounds = useQuery(currentRoundsQuery);
  const config = useQuery(quizConfigQuery);
  const now = useNow();
  const [betting, setBetting] = useState<{ round: QuizRound; side: 1 | 2 } | null>(null);
  const { reload } = rounds;
  // Pools move with every bet and rounds change state: read them again every few seconds while shown.
  useEffect(() => {
    const timer = setInterval(reload, 3_000);
    return () => clearInterval(timer);
  }, [reload]);

  const failed = (rounds.error && !rounds.data ? rounds : null) ?? (config.error && !config.data ? config : null);
  if (failed) return <ErrorView message={failed.error?.message} onRetry={failed.reload} />;
  if (!rounds.data || !config.data) return <DelayedSpinner />;
  const list = rounds.data.data;
  return (
    <div className="content stack" data-testid="game-rounds">
      {list.length === 0 ? (
        <EmptyState text={t("guess.noRounds")} />
      ) : (
        list.map((r) => <RoundCard key={r.id} round={r} now={now} onBet={(side) => setBetting({ round: r, side })} />)
      )}
      <QuizRules config={config.data} />
      {betting && (
        <BetSheet
          round={list.find((r) => r.id === betting.round.id) ?? betting.round}
          side={betting.side}
          config={config.data}
          now={now}
          onClose={() => setBetting(null)}
        />
      )}
    </div>
  );
}

function LoginFirst() {
  useTexts("guess");
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="login-prompt compact" data-testid="game-login">
      <IconUser size={40} />
      <p>{t("guess.loginForBets")}</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate("/login?redirect=%2Fgame")}>
        {t("common.goLogIn")}
      </button>
    </div>
  );
}

function MyBets() {
  const token = useAtomValue(tokenAtom);
  if (!token) return <LoginFirst />;
  return <BetList token={token} />;
}

function BetList({ token }: { token: string }) {
  useTexts("guess");
  const { t } = useTranslation();
  const now = useNow();
  const list = usePagedQuery<QuizBet>([Q.quiz, token, "bets"], async (page) => {
    const res = await fetchMyBets(page);
    return { items: res.data, hasMore: page * res.limit < res.total };
  });
  const { reload } = list;
  // An open bet settles when its round ends: read again while one is open.
  const open = list.items.some((b) => b.state === "open");
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(reload, 3_000);
    return () => clearInterval(timer);
  }, [open, reload]);
  if (list.error && !list.items.length) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && !list.items.length) return <DelayedSpinner />;
  if (!list.items.length) return <EmptyState text={t("guess.noBets")} />;
  return (
    <div className="content stack" data-testid="game-bets">
      {list.items.map((b) => (
        <BetCard key={b.id} bet={b} now={now} />
      ))}
      {list.hasMore && (
        <button type="button" className="btn btn-block" onClick={list.loadMore}>
          {t("guess.loadMore")}
        </button>
      )}
    </div>
  );
}

function History() {
  useTexts("guess");
  const { t } = useTranslation();
  const now = useNow();
  const list = usePagedQuery<QuizRound>([Q.quiz, "history"], async (page) => {
    const res = await fetchHistory(page);
    return { items: res.data, hasMore: page * res.limit < res.total };
  });
  if (list.error && !list.items.length) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && !list.items.length) return <DelayedSpinner />;
  if (!list.items.length) return <EmptyState text={t("guess.noHistory")} />;
  return (
    <div className="content stack" data-testid="game-history">
      {list.items.map((r) => (
        <RoundCard key={r.id} round={r} now={now} />
      ))}
      {list.hasMore && (
        <button type="button" className="btn btn-block" onClick={list.loadMore}>
          {t("guess.loadMore")}
        </button>
      )}
    </div>
  );
}
