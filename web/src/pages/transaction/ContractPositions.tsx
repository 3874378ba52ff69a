import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Sheet } from "../../components/Sheet.tsx";
import type { CloseReason } from "../../../../schema/db/contracts.ts";
import { type LeverDeal, type LeverPosition, setStops } from "../../features/contract/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { dec } from "../../lib/decimal.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { formatDate } from "../../lib/time.ts";
import { toast } from "../../lib/ui.ts";
import { useTexts } from "../../lib/i18n.ts";

/** Live figures laid over a holding position (the user room's coalesced P/L frames). */
export type LiveFigures = { profits: string; risk_rate: string; price: string };

const signed = (value: string) => (dec(value).gt(0) ? `+${value}` : value);
const tone = (value: string) => (dec(value).gt(0) ? "up" : dec(value).lt(0) ? "down" : "");

/**
 * One contract position or entrusted order: side, pair, lots × multiple; open price with the reference price and
 * time it came from; live P/L and risk rate; margin, fees, overnight fees; liquidation price, TP and SL; the close
 * reason and reference of a finished one. Actions: close, TP/SL, cancel.
 */
export function PositionCard({
  p,
  live,
  precision,
  busy,
  onClose,
  onStops,
  onCancel,
}: {
  p: LeverPosition;
  live?: LiveFigures;
  precision: number;
  busy?: boolean;
  onClose?: (p: LeverPosition) => void;
  onStops?: (p: LeverPosition) => void;
  onCancel?: (p: LeverPosition) => void;
}) {
  useTexts("contract");
  const { t } = useTranslation();
  const [, quote] = p.symbol.split("/");
  const long = p.type === 1;
  // Live figures belong to open positions only; a closed one shows what it settled at.
  const fresh = p.status === 1 ? live : undefined;
  const profits = fresh?.profits ?? p.profits;
  const risk = fresh?.risk_rate ?? p.risk_rate;
  const current = fresh?.price ?? p.update_price;
  const price = (v: string) => (v ? formatPrice(v, precision) : "--");
  const copied = p.order_type === 2;
  return (
    <div className="order-row contract-row" data-testid="position-row" data-position-id={p.id} data-status={p.status}>
      <div className="order-top">
        <span className={long ? "side-tag up" : "side-tag down"}>{t(long ? "contract.side.long" : "contract.side.short")}</span>
        <b>{p.symbol}</b>
        <span className="faint">{t("contract.positions.size", { lots: p.share, multiple: p.multiple })}</span>
        {p.status === 1 && !copied && onClose && (
          <span className="contract-actions">
            {onStops && (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => onStops(p)} data-testid="position-stops">
                {t("contract.positions.stops")}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-small"
              disabled={busy}
              onClick={() => onClose(p)}
              data-testid="position-close"
            >
              {t("contract.positions.close")}
            </button>
          </span>
        )}
        {p.status === 0 && onCancel && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={busy}
            onClick={() => onCancel(p)}
            data-testid="position-cancel"
          >
            {t("contract.positions.cancel")}
          </button>
        )}
        {p.status === 2 && <span className="state-tag">{t("contract.positions.closing")}</span>}
        {p.status >= 3 && (
          <span className="state-tag" data-testid="position-reason">
            {t(`contract.reason.${p.status === 4 ? "cancelled" : ((p.close_reason || "user") as CloseReason)}`)}
          </span>
        )}
      </div>
      <div className="faint order-time">
        {p.status === 0
          ? t("contract.positions.waiting", { price: price(p.target_price), time: formatDate(p.transaction_time, true) })
          : t("contract.positions.reference", { price: price(p.open_ref), time: formatDate(p.open_ref_at, true) })}
      </div>
      <dl className="order-grid">
        <div>
          <dt>{t("contract.positions.pnl", { coin: quote })}</dt>
          <dd className={`num ${tone(profits)}`} data-testid="position-pnl">
            {p.status === 0 || p.status === 4 ? "--" : signed(profits)}
          </dd>
        </div>
        <div>
          <dt>{t("contract.positions.risk")}</dt>
          <dd className="num" data-testid="position-risk">
            {risk ? `${risk}%` : "--"}
          </dd>
        </div>
        <div>
          <dt>{t(p.status >= 3 ? "contract.positions.closePrice" : "contract.positions.current")}</dt>
          <dd className="num">{price(current)}</dd>
        </div>
        <div>
          <dt>{t("contract.positions.openPrice")}</dt>
          <dd className="num">{price(p.price)}</dd>
        </div>
        <div>
          <dt>{t("contract.positions.margin")}</dt>
          <dd className="num">{p.caution_money}</dd>
        </div>
        <div>
          <dt>{t("contract.positions.liq")}</dt>
          <dd className="num" data-testid="position-liq">
            {price(p.liq_price)}
          </dd>
        </div>
        <div>
          <dt>{t("contract.positions.fee")}</dt>
          <dd className="num">{p.trade_fee}</dd>
        </div>
        <div>
          <dt>{t("contract.positions.overnight")}</dt>
          <dd className="num">{p.overnight_money}</dd>
        </div>
        <div>
          <dt>{t("contract.positions.tpsl")}</dt>
          <dd className="num">{`${price(p.target_profit_price)} / ${price(p.stop_loss_price)}`}</dd>
        </div>
      </dl>
      {p.status === 3 && (
        <div className="faint order-time">
          {t("contract.positions.closedAt", { price: price(p.update_price), time: formatDate(p.close_ref_at, true) })}
          {dec(p.insurance).gt(0) && ` · ${t("contract.positions.insurance", { amount: p.insurance })}`}
        </div>
      )}
      {copied && <div className="faint order-time">{t("contract.positions.copied")}</div>}
    </div>
  );
}

type StopFields = "target_profit_price" | "stop_loss_price";

/** Sets or clears take-profit and stop-loss, with the rule shown and checked before it is sent. */
export function StopsSheet({ p, current, onDone }: { p: LeverPosition; current: string; onDone: () => void }) {
  useTexts("contract");
  const { t } = useTranslation();
  const ids = { tp: useId(), sl: useId() };
  const form = useForm<StopFields>({ target_profit_price: p.target_profit_price, stop_loss_price: p.stop_loss_price });
  const v = form.values;
  const long = p.type === 1;
  const beyond = (price: string, up: boolean) =>
    up ? dec(price).gt(p.price) && dec(price).gt(current || 0) : dec(price).lt(p.price) && dec(price).lt(current || 0);
  const check = (): FieldErrors<StopFields> => {
    const errors: FieldErrors<StopFields> = {};
    if (v.target_profit_price && !beyond(v.target_profit_price, long))
      errors.target_profit_price = { key: long ? "contract.errors.tpLong" : "contract.errors.tpShort" };
    if (v.stop_loss_price && !beyond(v.stop_loss_price, !long))
      errors.stop_loss_price = { key: long ? "contract.errors.slLong" : "contract.errors.slShort" };
    return errors;
  };
  const save = () =>
    form.submit(check, async () => {
      await setStops(p.id, v.target_profit_price || null, v.stop_loss_price || null);
      toast(t("contract.stops.saved"));
      onDone();
    });
  const input = (k: StopFields, id: string, label: string) => (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={form.errors[k] ? "form-input invalid" : "form-input"}>
        <AmountInput
          id={id}
          className="input"
          value={v[k]}
          placeholder={t("contract.form.optional")}
          onChange={(value, why) => form.amount(k).onChange(value, why)}
          data-testid={`stops-${k}`}
        />
      </div>
      {form.errors[k] && (
        <p className="field-error" role="alert">
          {fieldMessageText(t, form.errors[k])}
        </p>
      )}
    </>
  );
  const [, quote] = p.symbol.split("/");
  return (
    <Sheet open title={t("contract.stops.title")} onClose={onDone}>
      <div className="contract-confirm" data-testid="stops-sheet">
        <p className="faint contract-note">{t("contract.stops.rule")}</p>
        {input("target_profit_price", ids.tp, t("contract.form.takeProfit", { coin: quote }))}
        {input("stop_loss_price", ids.sl, t("contract.form.stopLoss", { coin: quote }))}
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={form.submitting}
          onClick={() => void save()}
          data-testid="stops-save"
        >
          {t("contract.stops.save")}
        </button>
      </div>
    </Sheet>
  );
}

/** The pair's published terms and the liquidation rule, as /lever/deal gives them. */
export function TermsSheet({ open, deal, onClose }: { open: boolean; deal: LeverDeal | null; onClose: () => void }) {
  useTexts("contract");
  const { t } = useTranslation();
  const pct = (v: string) => `${dec(v).times(100).toFixed()}%`;
  return (
    <Sheet open={open} title={t("contract.terms.title", { symbol: deal?.symbol ?? "" })} onClose={onClose}>
      {deal && (
        <div className="contract-confirm" data-testid="terms-sheet">
          <dl className="kv">
            <dt>{t("contract.terms.lotSize")}</dt>
            <dd className="num">{deal.lot_size}</dd>
            <dt>{t("contract.terms.lots")}</dt>
            <dd className="num">{`${deal.lever_share_limit.min} – ${deal.lever_share_limit.max}`}</dd>
            <dt>{t("contract.terms.multiples")}</dt>
            <dd className="num">{deal.multiple.muit.map((m) => `${m.value}×`).join(" ")}</dd>
            <dt>{t("contract.terms.spread")}</dt>
            <dd className="num">{deal.spread}</dd>
            <dt>{t("contract.terms.feeRate")}</dt>
            <dd className="num">{pct(deal.fee_rate)}</dd>
            <dt>{t("contract.terms.overnight")}</dt>
            <dd className="num">{pct(deal.overnight_rate)}</dd>
            <dt>{t("contract.terms.hazard")}</dt>
            <dd className="num">{pct(deal.hazard_rate)}</dd>
            <dt>{t("contract.terms.limitEntry")}</dt>
            <dd>{t(deal.limit_entry ? "contract.terms.on" : "contract.terms.off")}</dd>
            <dt>{t("contract.terms.stops")}</dt>
            <dd>{t(deal.stops ? "contract.terms.on" : "contract.terms.off")}</dd>
          </dl>
          <h3 className="contract-rule-title">{t("contract.terms.ruleTitle")}</h3>
          <p className="contract-note" data-testid="terms-rule">
            {deal.rule_text.liquidation}
          </p>
          <p className="contract-note">{deal.rule_text.overnight}</p>
          <p className="contract-note">{deal.rule_text.price}</p>
        </div>
      )}
    </Sheet>
  );
}
