import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Sheet } from "../../components/Sheet.tsx";
import { type LeverDeal, openPosition } from "../../features/contract/api.ts";
import { type Estimate, estimate } from "../../features/contract/estimate.ts";
import type { Quotation } from "../../features/market/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { dec } from "../../lib/decimal.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { toast } from "../../lib/ui.ts";
import { useTexts } from "../../lib/i18n.ts";

type Fields = "share" | "target_price" | "target_profit_price" | "stop_loss_price" | "password";

/**
 * The contract order form: long or short, market or limit entry, lots, a multiple from the pair's list, optional
 * take-profit and stop-loss; the estimated open price, margin, fee and liquidation price before a confirmation sheet
 * that asks for the pay password. One Idempotency-Key per order; a placed order invalidates the balances and lists.
 */
export function ContractForm({
  pair,
  deal,
  reference,
  loggedIn,
  onHelp,
  closed = null,
}: {
  pair: Quotation;
  deal: LeverDeal | null;
  /** The live reference (index) price, "" while none is known. */
  reference: string;
  loggedIn: boolean;
  onHelp: () => void;
  /** Why no position can open now (a stock pair outside its market hours); null when it can. */
  closed?: string | null;
}) {
  useTexts("contract");
  const { t } = useTranslation();
  const ids = { lots: useId(), target: useId(), tp: useId(), sl: useId(), password: useId() };
  const promptLogin = useLoginPrompt();
  const idem = useIdempotencyKey();
  const [side, setSide] = useState<1 | 2>(1);
  const [entry, setEntry] = useState<"market" | "limit">("market");
  const multiples = deal?.multiple.muit.map((m) => m.value) ?? [];
  const [multiple, setMultiple] = useState<number | null>(null);
  const chosen = multiple !== null && multiples.includes(multiple) ? multiple : (multiples[0] ?? null);
  const form = useForm<Fields>({ share: "", target_price: "", target_profit_price: "", stop_loss_price: "", password: "" });
  const v = form.values;
  const [confirming, setConfirming] = useState<Estimate | null>(null);
  const quote = pair.legal_name;
  const base = pair.currency_name;
  const pp = pair.price_precision;

  const edit = (patch: () => void) => {
    idem.reset();
    form.setErrors({});
    patch();
  };
  const lots = /^\d+$/.test(v.share) ? Number(v.share) : null;
  const priced = entry === "limit" ? v.target_price : reference;
  const terms = deal && {
    lotSize: deal.lot_size,
    spread: deal.spread,
    feeRate: deal.fee_rate,
    hazardRate: deal.hazard_rate,
    priceDecimals: pp,
    precision: deal.margin_precision,
  };
  const est = terms && lots && chosen && priced && dec(priced).gt(0) ? estimate(terms, side, priced, lots, chosen) : null;

  const check = (): FieldErrors<Fields> => {
    const errors: FieldErrors<Fields> = {};
    if (!deal) return errors;
    const { min, max } = deal.lever_share_limit;
    if (lots === null) errors.share = { key: "contract.errors.lotsInteger" };
    else if (lots < min || lots > max) errors.share = { key: "contract.errors.lotsRange", values: { min, max } };
    if (entry === "limit") {
      if (!v.target_price) errors.target_price = { key: "contract.errors.targetRequired" };
      else if (reference && (side === 1 ? dec(v.target_price).gte(reference) : dec(v.target_price).lte(reference)))
        errors.target_price = { key: side === 1 ? "contract.errors.targetLong" : "contract.errors.targetShort" };
    } else if (!reference) errors.share = { key: "contract.errors.noPrice" };
    const open = entry === "limit" ? v.target_price : reference;
    const beyond = (price: string, up: boolean) =>
      up ? dec(price).gt(open || 0) && dec(price).gt(reference || 0) : dec(price).lt(open || 0) && dec(price).lt(reference || 0);
    if (v.target_profit_price && !beyond(v.target_profit_price, side === 1))
      errors.target_profit_price = { key: side === 1 ? "contract.errors.tpLong" : "contract.errors.tpShort" };
    if (v.stop_loss_price && !beyond(v.stop_loss_price, side === 2))
      errors.stop_loss_price = { key: side === 1 ? "contract.errors.slLong" : "contract.errors.slShort" };
    return errors;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!loggedIn) return promptLogin();
    if (closed) return;
    const errors = check();
    form.setErrors(errors);
    if (Object.values(errors).some(Boolean) || !est) return;
    setConfirming(est);
  };

  const place = () =>
    form.submit(
      () => (v.password ? {} : { password: { key: "contract.errors.passwordRequired" } }),
      async () => {
        await openPosition(
          {
            currencyId: pair.currency_id,
            legalId: pair.legal_id,
            side,
            lots: v.share,
            multiple: chosen!,
            target: entry === "limit" ? v.target_price : null,
            takeProfit: v.target_profit_price || null,
            stopLoss: v.stop_loss_price || null,
            password: v.password,
          },
          idem.current(),
        );
        idem.reset();
        setConfirming(null);
        form.setValues({ share: v.share, target_price: "", target_profit_price: "", stop_loss_price: "", password: "" });
        toast(t(entry === "limit" ? "contract.form.entrusted" : "contract.form.opened"));
      },
    );

  const err = (k: Fields) => (form.errors[k] ? fieldMessageText(t, form.errors[k]) : undefined);
  const field = (k: "target_price" | "target_profit_price" | "stop_loss_price", id: string, label: string) => (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={err(k) ? "form-input invalid" : "form-input"}>
        <AmountInput
          id={id}
          className="input"
          value={v[k]}
          placeholder={k === "target_price" ? "" : t("contract.form.optional")}
          onChange={(value, why) => edit(() => form.amount(k).onChange(value, why))}
          data-testid={`contract-${k}`}
        />
        <span className="unit">{quote}</span>
      </div>
      {err(k) && (
        <p className="field-error" role="alert">
          {err(k)}
        </p>
      )}
    </>
  );
  const sideText = t(side === 1 ? "contract.side.long" : "contract.side.short");
  const money = (value: string) => `${formatPrice(value, 4)} ${quote}`;

  return (
    <form className={`order-form contract-form ${side === 1 ? "buy" : "sell"}`} onSubmit={submit} noValidate data-testid="contract-form">
      <div className="side-tabs" role="tablist">
        {([1, 2] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={side === s ? `active ${s === 1 ? "buy" : "sell"}` : ""}
            onClick={() => edit(() => setSide(s))}
            data-testid={`contract-side-${s === 1 ? "long" : "short"}`}
          >
            {t(s === 1 ? "contract.side.long" : "contract.side.short")}
          </button>
        ))}
      </div>
      <div className="type-tabs" role="tablist">
        {(["market", "limit"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={entry === k}
            className={entry === k ? "active" : ""}
            disabled={k === "limit" && deal?.limit_entry === false}
            onClick={() => edit(() => setEntry(k))}
            data-testid={`contract-type-${k}`}
          >
            {t(`contract.type.${k}`)}
          </button>
        ))}
      </div>
      {entry === "limit" ? (
        field("target_price", ids.target, t("contract.form.target", { coin: quote }))
      ) : (
        <div className="form-input disabled">
          <span className="muted">{t("contract.form.marketPrice")}</span>
        </div>
      )}
      <label className="field-label" htmlFor={ids.lots}>
        {deal
          ? t("contract.form.lotsHint", {
              min: deal.lever_share_limit.min,
              max: deal.lever_share_limit.max,
              size: deal.lot_size,
              coin: base,
            })
          : t("contract.form.lots")}
      </label>
      <div className={err("share") ? "form-input invalid" : "form-input"}>
        <input
          id={ids.lots}
          className="input"
          inputMode="numeric"
          value={v.share}
          placeholder={t("contract.form.lots")}
          onChange={(e) => edit(() => form.set("share")(e.target.value.trim()))}
          data-testid="contract-lots"
        />
      </div>
      {err("share") && (
        <p className="field-error" role="alert" data-testid="contract-lots-error">
          {err("share")}
        </p>
      )}
      <div className="field-label">{t("contract.form.multiple")}</div>
      <div className="chips" role="radiogroup" aria-label={t("contract.form.multiple")}>
        {/* Until the terms arrive, an invisible chip holds the row's height, so the fields below do not move. */}
        {!deal && (
          <span className="chip chip-placeholder" aria-hidden="true">
            {"\u00a0"}
          </span>
        )}
        {multiples.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={chosen === m}
            className={chosen === m ? "chip active" : "chip"}
            onClick={() => edit(() => setMultiple(m))}
            data-testid={`contract-multiple-${m}`}
          >
            {`${m}×`}
          </button>
        ))}
      </div>
      {deal?.stops !== false && (
        <>
          {field("target_profit_price", ids.tp, t("contract.form.takeProfit", { coin: quote }))}
          {field("stop_loss_price", ids.sl, t("contract.form.stopLoss", { coin: quote }))}
        </>
      )}
      <dl className="form-kv">
        <div>
          <dt>{t("contract.form.balance")}</dt>
          <dd className="num" data-testid="contract-balance">
            {deal ? money(deal.user_lever) : "--"}
          </dd>
        </div>
        <div>
          <dt>{t("contract.form.margin")}</dt>
          <dd className="num" data-testid="contract-margin">
            {est ? `≈ ${money(est.margin)}` : "--"}
          </dd>
        </div>
        <div>
          <dt>{deal ? t("contract.form.fee", { rate: dec(deal.fee_rate).times(100).toFixed() }) : t("contract.form.feeShort")}</dt>
          <dd className="num">{est ? `≈ ${money(est.fee)}` : "--"}</dd>
        </div>
        <div>
          <dt>{t("contract.form.liqPrice")}</dt>
          <dd className="num" data-testid="contract-liq">
            {est ? `≈ ${formatPrice(est.liqPrice, pp)}` : "--"}
          </dd>
        </div>
      </dl>
      {closed && (
        <p className="contract-closed" role="status" data-testid="contract-closed">
          {closed}
        </p>
      )}
      <button
        type="submit"
        className={`btn btn-block ${side === 1 ? "btn-up" : "btn-down"}`}
        disabled={loggedIn && closed !== null}
        data-testid="contract-submit"
      >
        {!loggedIn ? t("common.goLogIn") : t(side === 1 ? "contract.form.openLong" : "contract.form.openShort")}
      </button>
      <div className="contract-links">
        <Link to={`/fund/fundTransfer?currency=${pair.legal_id}&from=change&to=lever`} className="btn-link">
          {t("contract.form.transferIn")}
        </Link>
        <button type="button" className="btn-link" onClick={onHelp} data-testid="contract-help">
          {t("contract.form.terms")}
        </button>
      </div>

      <Sheet
        open={confirming !== null}
        title={t("contract.confirm.title", { side: sideText, symbol: pair.symbol })}
        onClose={() => setConfirming(null)}
      >
        {confirming && (
          <div className="contract-confirm" data-testid="contract-confirm">
            <dl className="kv">
              <dt>{t("contract.confirm.entry")}</dt>
              <dd className="num">{entry === "limit" ? formatPrice(v.target_price, pp) : t("contract.form.marketPrice")}</dd>
              <dt>{t("contract.confirm.openPrice")}</dt>
              <dd className="num">{`≈ ${formatPrice(confirming.openPrice, pp)}`}</dd>
              <dt>{t("contract.confirm.size")}</dt>
              <dd className="num">
                {t("contract.confirm.sizeValue", { lots: v.share, quantity: confirming.quantity, coin: base, multiple: chosen })}
              </dd>
              <dt>{t("contract.form.margin")}</dt>
              <dd className="num">{money(confirming.margin)}</dd>
              <dt>{t("contract.form.feeShort")}</dt>
              <dd className="num">{money(confirming.fee)}</dd>
              <dt>{t("contract.form.liqPrice")}</dt>
              <dd className="num" data-testid="confirm-liq">
                {formatPrice(confirming.liqPrice, pp)}
              </dd>
              <dt>{t("contract.positions.tp")}</dt>
              <dd className="num">{v.target_profit_price ? formatPrice(v.target_profit_price, pp) : t("contract.confirm.notSet")}</dd>
              <dt>{t("contract.positions.sl")}</dt>
              <dd className="num">{v.stop_loss_price ? formatPrice(v.stop_loss_price, pp) : t("contract.confirm.notSet")}</dd>
            </dl>
            <p className="faint contract-note">{t("contract.confirm.note")}</p>
            <label className="field-label" htmlFor={ids.password}>
              {t("contract.confirm.password")}
            </label>
            <div className={err("password") ? "form-input invalid" : "form-input"}>
              <input
                id={ids.password}
                className="input"
                type="password"
                autoComplete="off"
                value={v.password}
                onChange={(e) => form.set("password")(e.target.value)}
                data-testid="contract-password"
              />
            </div>
            {err("password") && (
              <p className="field-error" role="alert">
                {err("password")}
              </p>
            )}
            {(["share", "target_price", "target_profit_price", "stop_loss_price"] as const).map(
              (k) =>
                err(k) && (
                  <p key={k} className="field-error" role="alert">
                    {err(k)}
                  </p>
                ),
            )}
            <button
              type="button"
              className={`btn btn-block ${side === 1 ? "btn-up" : "btn-down"}`}
              disabled={form.submitting}
              onClick={() => void place()}
              data-testid="contract-confirm-submit"
            >
              {form.submitting ? t("contract.form.submitting") : t("contract.confirm.submit", { side: sideText })}
            </button>
          </div>
        )}
      </Sheet>
    </form>
  );
}
