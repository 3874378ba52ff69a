import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** Spot or seconds trading of the same pair. */
export function TradeModeTabs({ mode, symbol }: { mode: "spot" | "seconds"; symbol: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (to: "spot" | "seconds") =>
    to !== mode && navigate(`${to === "spot" ? "/transaction/currency" : "/transaction/index"}?symbol=${symbol}`, { replace: true });
  return (
    <div className="segmented trade-modes" role="tablist">
      {(["spot", "seconds"] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={mode === m}
          className={mode === m ? "active" : ""}
          onClick={() => go(m)}
          data-testid={`mode-${m}`}
        >
          {t(`trade.mode.${m}`)}
        </button>
      ))}
    </div>
  );
}
