import { useAtomValue } from "jotai";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Sheet } from "../../components/Sheet.tsx";
import { amount } from "../../lib/format.ts";
import { D, dec } from "../../lib/decimal.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { tokenAtom } from "../session/atoms.ts";
import { amountIssue } from "../wallet/amount.ts";
import { holdings, walletQuery } from "../wallet/api.ts";
import { AmountField, amountIssueMessage } from "../wallet/components/AmountField.tsx";
import { useIdempotencyKey } from "../wallet/useIdempotencyKey.ts";
import { placeQuizBet, possiblePayout, type QuizConfig, type QuizRound } from "./api.ts";
import { countdown } from "./clock.ts";

/**
 * A bet on one side of a round: the amount from the exchange account, what it would be paid if that side won at the
 * current pools (the same rule the server pays with, schema/api/quiz-pool.ts), a confirmation, then the bet.
 */
export function BetSheet(props: { round: QuizRound; side: 1 | 2; config: QuizConfig; now: number; onClose: () => void }) {
  useTexts("guess");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const navigate = useNavigate();
  const title = t("guess.betTitle", { side: t(`guess.side.${props.side}`), symbol: props.round.symbol });
  if (!token) {
    return (
      <Sheet open title={title} onClose={props.onClose}>
        <div className="stack game-sheet">
          <p>{t("guess.loginForBets")}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate("/login?redirect=%2Fgame")}>
            {t("common.goLogIn")}
          </button>
        </div>
      </Sheet>
    );
  }
  return <BetForm {...props} token={token} title={title} />;
}

function BetForm({
  round: r,
  side,
  config,
  now,
  onClose,
  token,
  title,
}: {
  round: QuizRound;
  side: 1 | 2;
  config: QuizConfig;
  now: number;
  onClose: () => void;
  token: string;
  title: string;
}) {
  useTexts("guess");
  const { t } = useTranslation();
  const form = useForm({ amount: "" });
  const idem = useIdempotencyKey();
  const wallet = useQuery({ ...walletQuery(token), staleTime: 0 });
  const coin = config.currency_name;
  const decimals = config.precision;
  const available = wallet.data
    ? (holdings(wallet.data, "change").find((h) => h.currencyId === config.currency_id)?.available ?? "0")
    : null;
  const scale = new D(10).pow(decimals);
  const issue = amountIssue(form.values.amount, { decimals, min: config.min_bet, max: available ?? undefined });
  const units = issue === null ? dec(form.values.amount).times(scale).toNumber() : 0;
  const poolUnits = (text: string) => dec(text).times(scale).toNumber();
  const payout = dec(possiblePayout(poolUnits(r.up_pool), poolUnits(r.down_pool), side, units, r.fee_rate)).div(scale);
  const open = r.state === "guessing" && now < r.cutoff_at;
  const sideName = t(`guess.side.${side}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      () => ({
        amount: amountIssueMessage(issue, { coin, decimals, min: amount(config.min_bet), max: amount(available ?? "0") }),
      }),
      async () => {
        const ok = await confirmDialog({
          title: t("guess.confirmTitle"),
          message: t("guess.confirmMessage", {
            amount: amount(form.values.amount),
            coin,
            side: sideName,
            symbol: r.symbol,
            cutoff: formatDate(r.cutoff_at, true),
            end: formatDate(r.ends_at, true),
            payout: amount(payout),
          }),
        });
        if (!ok) return;
        await placeQuizBet({ roundId: r.id, side, amount: form.values.amount }, idem.current());
        idem.reset();
        toast(t("guess.placed"));
        onClose();
      },
    );
  };

  return (
    <Sheet open title={title} onClose={onClose}>
      <form className="stack game-sheet" onSubmit={submit} noValidate data-testid="bet-sheet">
        <p className="muted num">{open ? t("guess.cutoffIn", { time: countdown(r.cutoff_at - now) }) : t("guess.state.cut_off")}</p>
        <AmountField
          label={t("guess.amount")}
          unit={coin}
          decimals={decimals}
          {...form.amount("amount")}
          hint={available === null ? undefined : t("guess.available", { amount: amount(available), coin })}
          testId="bet-amount"
        />
        <dl className="kv summary">
          <dt>{t("guess.limits")}</dt>
          <dd className="num">
            {amount(config.min_bet)} – {amount(config.max_bet)} {coin}
          </dd>
          <dt>{t("guess.possiblePayout")}</dt>
          <dd className="num up" data-testid="bet-possible">
            {amount(payout)} {coin}
          </dd>
        </dl>
        <p className="muted game-note">{t("guess.payoutNote")}</p>
        <button
          type="submit"
          className={`btn btn-block ${side === 1 ? "btn-up" : "btn-down"}`}
          disabled={!open || form.submitting}
          data-testid="bet-submit"
        >
          {t("guess.placeBet", { side: sideName })}
        </button>
      </form>
    </Sheet>
  );
}
