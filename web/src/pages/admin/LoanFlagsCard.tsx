import { useState } from "react";
import { useTranslation } from "react-i18next";
import { setLoanFlags } from "../../features/loans/api.ts";
import { useTexts } from "../../lib/i18n.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";

/** On a user's page: the market-maker and professional-trader flags that make them eligible for loans (audited). */
export function LoanFlagsCard({ userId, marketMaker, proTrader }: { userId: number; marketMaker: boolean; proTrader: boolean }) {
  useTexts("borrowing");
  const { t } = useTranslation();
  const [flags, setFlags] = useState({ market_maker: marketMaker, pro_trader: proTrader });
  const toggle = async (which: "market_maker" | "pro_trader") => {
    const next = { ...flags, [which]: !flags[which] };
    const ok = await confirmDialog({ title: t(`borrowing.flags.${which}`), message: t("borrowing.flags.audited") });
    if (!ok) return;
    const saved = await setLoanFlags({
      user_id: userId,
      market_maker: next.market_maker ? "1" : "0",
      pro_trader: next.pro_trader ? "1" : "0",
    });
    setFlags(saved);
    toast(t("borrowing.flags.saved"));
  };
  return (
    <section className="admin-card" data-testid="loan-flags">
      <h2 className="card-title">{t("borrowing.flags.title")}</h2>
      {(["market_maker", "pro_trader"] as const).map((k) => (
        <label key={k} className="row-between">
          <span>{t(`borrowing.flags.${k}`)}</span>
          <input type="checkbox" checked={flags[k]} onChange={() => void toggle(k).catch(() => undefined)} data-testid={`flag-${k}`} />
        </label>
      ))}
    </section>
  );
}
