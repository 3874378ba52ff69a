import { useAtomValue } from "jotai";
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { coinAmount } from "../../../../schema/api/dual-rules.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { type DualProductView, buyDual, costUnits, dualProductQuery, payoutUnits } from "../../features/earn/dual.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { holdings, walletQuery } from "../../features/wallet/api.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { D, dec } from "../../lib/decimal.ts";
import { amount } from "../../lib/format.ts";
import { fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { ProductCard } from "./ProductCard.tsx";
import "../../styles/fund.css";

const units = (n: number, precision: number) => dec(n).div(new D(10).pow(precision)).toFixed();

/** The user's figures for `num` shares: the cost, the coin amount and both outcomes, from the published formula. */
export function dualFigures(p: DualProductView, num: number) {
  const cost = costUnits(num, p.per_price, p.pay_precision);
  const terms = {
    type: p.type,
    cost,
    aprPct: p.rate,
    days: p.day,
    exercisePrice: p.exercise_price,
    coinPrecision: p.precision,
    usdtPrecision: p.usdt_precision,
  };
  return {
    cost: units(cost, p.pay_precision),
    coinAmount: coinAmount(terms).toDecimalPlaces(p.precision, D.ROUND_DOWN).toFixed(),
    coin: units(payoutUnits(terms, "coin"), p.precision),
    usdt: units(payoutUnits(terms, "usdt"), p.usdt_precision),
  };
}

/** Why a typed quantity cannot be bought, or null. */
function numIssue(text: string, p: DualProductView): "num" | "remaining" | "limit" | null {
  if (!/^[1-9]\d{0,8}$/.test(text.trim())) return "num";
  const n = Number(text.trim());
  if (n > p.remaining_number) return "remaining";
  if (n > p.user_limit) return "limit";
  return null;
}

/** One product: its terms, and while on sale the purchase form with both outcomes in the user's numbers. */
export default function PurchasePage() {
  useTexts("invest");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const productQ = useQuery(dualProductQuery(id), { enabled: id > 0 });
  const walletQ = useQuery({ ...walletQuery(token), staleTime: 0 }, { enabled: Boolean(token) });
  const form = useForm({ num: "" });
  const idem = useIdempotencyKey();
  const inputId = useId();
  const title = t("invest.purchaseTitle");

  const p = productQ.data;
  if (!p) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={productQ} />
      </>
    );
  }
  const available = walletQ.data ? (holdings(walletQ.data, "change").find((h) => h.name === p.pay_currency)?.available ?? "0") : "0";
  const issue = numIssue(form.values.num, p);
  const num = issue === null ? Number(form.values.num.trim()) : 1;
  const f = dualFigures(p, num);
  const shown = issue === null;
  const issueText = (i: NonNullable<typeof issue>) =>
    i === "num"
      ? t("invest.numInvalid")
      : i === "remaining"
        ? t("invest.overRemaining", { count: p.remaining_number })
        : t("invest.overLimit", { count: p.user_limit });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      () => ({ num: issue === null ? undefined : { text: issueText(issue) } }),
      async () => {
        const ok = await confirmDialog({
          title: t("invest.confirmTitle"),
          message: t("invest.confirmMessage", {
            count: num,
            cost: amount(f.cost),
            pay: p.pay_currency,
            date: formatDate(p.settle_time, true),
            strike: amount(p.exercise_price),
            coinPayout: amount(f.coin),
            coin: p.currency_name,
            usdtPayout: amount(f.usdt),
          }),
        });
        if (!ok) return;
        toast(await buyDual({ id: p.id, num: String(num) }, idem.current()));
        idem.reset();
        void navigate("/invest/mine");
      },
    );
  };

  return (
    <>
      <NavBar title={title} />
      <div className="content stack">
        <ul className="record-list">
          <ProductCard p={p} link={false} />
        </ul>
        {p.status !== 1 ? (
          <div className="notice">{p.status === 2 ? t("invest.notStarted") : t("invest.ended")}</div>
        ) : p.remaining_number === 0 ? (
          <div className="notice">{t("invest.soldOutNotice")}</div>
        ) : !token ? (
          <Link to="/login" className="btn btn-primary btn-block">
            {t("invest.logInToBuy")}
          </Link>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={inputId}>{t("invest.quantity")}</label>
              <div className="input-group">
                <input
                  id={inputId}
                  className="input num"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={t("invest.quantityPlaceholder")}
                  value={form.values.num}
                  onChange={(e) => form.set("num")(e.target.value)}
                  aria-invalid={Boolean(form.errors.num)}
                  aria-describedby={`${inputId}-message`}
                  data-testid="dual-num"
                />
                <span className="input-suffix">{t("invest.sharesUnit")}</span>
              </div>
              {form.errors.num ? (
                <span id={`${inputId}-message`} className="field-error" role="alert">
                  {fieldMessageText(t, form.errors.num)}
                </span>
              ) : (
                <span id={`${inputId}-message`} className="faint field-hint">
                  {t("invest.quantityHint", { count: p.user_limit })}
                </span>
              )}
            </div>
            <dl className="kv summary" data-testid="dual-preview">
              <dt>{t("invest.cost")}</dt>
              <dd className="num" data-testid="dual-cost">
                {shown ? `${amount(f.cost)} ${p.pay_currency}` : "–"}
              </dd>
              <dt>{t("invest.available")}</dt>
              <dd className="num">
                {amount(available)} {p.pay_currency}
              </dd>
              <dt>{t("invest.coinAmount")}</dt>
              <dd className="num">{shown ? `${amount(f.coinAmount)} ${p.currency_name}` : "–"}</dd>
              <dt>{t("invest.belowOutcome", { strike: amount(p.exercise_price) })}</dt>
              <dd className="num" data-testid="dual-if-below">
                {shown ? `${amount(f.coin)} ${p.currency_name}` : "–"}
              </dd>
              <dt>{t("invest.aboveOutcome", { strike: amount(p.exercise_price) })}</dt>
              <dd className="num" data-testid="dual-if-above">
                {shown ? `${amount(f.usdt)} USDT` : "–"}
              </dd>
            </dl>
            <p className="faint mono" data-testid="dual-formula">
              {t("invest.formulaWithNumbers", {
                amount: shown ? amount(f.coinAmount) : "…",
                coin: p.currency_name,
                days: p.day,
                apr: amount(p.rate),
                strike: amount(p.exercise_price),
              })}
            </p>
            <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="dual-submit">
              {t("invest.buy")}
            </button>
            <Link to="/invest/help" className="btn btn-ghost btn-block">
              {t("invest.help.link")}
            </Link>
          </form>
        )}
      </div>
    </>
  );
}
