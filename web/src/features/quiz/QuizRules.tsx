import { useTranslation } from "react-i18next";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import type { QuizConfig } from "./api.ts";

/** The published rule: how a round is decided, how the pool is split, what the fees account keeps, when bets come back. */
export function QuizRules({ config }: { config: QuizConfig }) {
  useTexts("guess");
  const { t } = useTranslation();
  return (
    <details className="card game-rules" data-testid="game-rules">
      <summary>{t("guess.rules.title")}</summary>
      <ul>
        <li>{t("guess.rules.decide")}</li>
        <li>{t("guess.rules.price")}</li>
        <li>{t("guess.rules.split", { rate: config.fee_rate })}</li>
        <li>{t("guess.rules.refund")}</li>
        <li>{t("guess.rules.unsettled")}</li>
        <li>{t("guess.rules.limits", { min: amount(config.min_bet), max: amount(config.max_bet), coin: config.currency_name })}</li>
        <li>{t("guess.rules.schedule", { guess: config.guess_minutes, run: config.run_minutes })}</li>
      </ul>
    </details>
  );
}
