import { useAtomValue } from "jotai";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { costUnits, projectQuery, subscribeIeo } from "../../features/earn/ieo.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { holdings, walletQuery } from "../../features/wallet/api.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { amount } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { D, dec } from "../../lib/decimal.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { ProjectCard } from "./IeoPage.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** One project: its terms, and while it is in progress the subscription form with the cost shown before confirming. */
export default function SubscribePage() {
  useTexts("earn");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const projectQ = useQuery(projectQuery(id), { enabled: id > 0 });
  const walletQ = useQuery({ ...walletQuery(token), staleTime: 0 }, { enabled: Boolean(token) });
  const form = useForm({ amount: "" });
  const idem = useIdempotencyKey();
  const title = t("earn.ieo.subscribeTitle");

  const p = projectQ.data;
  if (!p) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={projectQ} />
      </>
    );
  }
  const available = walletQ.data
    ? (holdings(walletQ.data, "change").find((h) => h.currencyId === p.pay_currency_id)?.available ?? "0")
    : "0";
  const issue = amountIssue(form.values.amount, { decimals: p.precision, min: p.min_amount, max: p.remaining });
  const units = issue === null ? dec(form.values.amount).times(new D(10).pow(p.precision)).toNumber() : 0;
  const cost = dec(costUnits(units, p.precision, p.price, p.pay_precision)).div(new D(10).pow(p.pay_precision));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      () => ({
        amount: amountIssueMessage(issue === "aboveBalance" ? "aboveBalance" : issue, {
          coin: p.currency,
          decimals: p.precision,
          min: amount(p.min_amount),
          max: amount(p.remaining),
        }),
      }),
      async () => {
        const ok = await confirmDialog({
          title: t("earn.ieo.confirmTitle"),
          message: t("earn.ieo.confirmMessage", {
            amount: amount(form.values.amount),
            coin: p.currency,
            price: amount(p.price),
            cost: amount(cost),
            pay: p.pay_currency,
            date: formatDate(p.distribute_at, true),
          }),
        });
        if (!ok) return;
        toast(await subscribeIeo({ project_id: p.id, amount: form.values.amount }, idem.current()));
        idem.reset();
        void navigate("/ieo/order");
      },
    );
  };

  return (
    <>
      <NavBar title={title} />
      <div className="content stack">
        <ul className="record-list">
          <ProjectCard p={p} link={false} />
        </ul>
        {p.description && <p className="muted">{p.description}</p>}
        {p.time_status !== 2 ? (
          <div className="notice">{p.time_status === 1 ? t("earn.ieo.notStarted") : t("earn.ieo.finished")}</div>
        ) : !token ? (
          <Link to="/login" className="btn btn-primary btn-block">
            {t("earn.ieo.logInToSubscribe")}
          </Link>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            <AmountField
              label={t("earn.ieo.amount")}
              unit={p.currency}
              decimals={p.precision}
              {...form.amount("amount")}
              hint={t("earn.ieo.minHint", { min: amount(p.min_amount), coin: p.currency })}
              testId="ieo-amount"
            />
            <dl className="kv summary" data-testid="ieo-preview">
              <dt>{t("earn.ieo.cost")}</dt>
              <dd className="num" data-testid="ieo-cost">
                {amount(cost)} {p.pay_currency}
              </dd>
              <dt>{t("earn.ieo.available")}</dt>
              <dd className="num">
                {amount(available)} {p.pay_currency}
              </dd>
              <dt>{t("earn.ieo.delivery")}</dt>
              <dd className="num">{formatDate(p.distribute_at, true)}</dd>
            </dl>
            <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="ieo-submit">
              {t("earn.ieo.subscribe")}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
