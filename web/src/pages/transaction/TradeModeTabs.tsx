import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

type Mode = "spot" | "seconds" | "contract";
const PATHS: Record<Mode, string> = { spot: "/transaction/currency", seconds: "/transaction/index", contract: "/transaction/contract" };

/** Spot, seconds or contract trading of the same pair. */
export function TradeModeTabs({ mode, symbol }: { mode: Mode; symbol: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (to: Mode) => to !== mode && navigate(`${PATHS[to]}?symbol=${symbol}`, { replace: true });
  return (
    <div className="segmented trade-modes" role="tablist">
      {(["spot", "contract", "seconds"] as const).map((m) => (
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
