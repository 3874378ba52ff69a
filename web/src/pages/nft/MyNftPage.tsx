import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type NftDetailView, itemQuery, resellNft } from "../../features/nft/api.ts";
import { NftFacts } from "../../features/nft/NftFacts.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { amount } from "../../lib/format.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { Tabs } from "../fund/parts.tsx";
import { NftMedia } from "./ArtworkDetailPage.tsx";
import "../../styles/fund.css";
import "../../styles/nft.css";

const HOUR = 3_600_000;
/** A datetime-local value in the device's time zone. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

type Keys = "price" | "per_increase" | "start" | "end";

function ResellForm({ item }: { item: NftDetailView }) {
  useTexts("nft");
  const { t } = useTranslation();
  const [payType, setPayType] = useState<"1" | "2">("1");
  const [now] = useState(() => Date.now());
  const form = useForm<Keys>({ price: "", per_increase: "", start: localInput(now), end: localInput(now + 24 * HOUR) });
  const coin = item.currency_name;
  const rules = { decimals: item.precision };

  const check = (): FieldErrors<Keys> => {
    const start = new Date(form.values.start).getTime();
    const end = new Date(form.values.end).getTime();
    return {
      price: amountIssueMessage(amountIssue(form.values.price, rules), { coin, decimals: item.precision }),
      per_increase:
        payType === "2" ? amountIssueMessage(amountIssue(form.values.per_increase, rules), { coin, decimals: item.precision }) : undefined,
      start: Number.isNaN(start) ? { key: "nft.resell.timeRequired" } : undefined,
      end: Number.isNaN(end)
        ? { key: "nft.resell.timeRequired" }
        : end <= start
          ? { key: "nft.resell.endAfterStart" }
          : end <= Date.now()
            ? { key: "nft.resell.endInFuture" }
            : undefined,
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(check, async () => {
      const start = new Date(form.values.start).getTime();
      const end = new Date(form.values.end).getTime();
      const ok = await confirmDialog({
        title: t("nft.resell.confirmTitle"),
        message: t(payType === "2" ? "nft.resell.confirmAuction" : "nft.resell.confirmFixed", {
          name: item.name,
          price: amount(form.values.price),
          increment: amount(form.values.per_increase || "0"),
          coin,
          start: formatDate(start, true),
          end: formatDate(end, true),
        }),
        confirmText: t("nft.resell.list"),
      });
      if (!ok) return;
      toast(
        await resellNft({
          code: item.code,
          price: form.values.price,
          start_time: String(start),
          end_time: String(end),
          pay_type: payType,
          per_increase: payType === "2" ? form.values.per_increase : undefined,
        }),
      );
    });
  };

  const timeField = (key: "start" | "end", label: string) => {
    const error = form.errors[key];
    return (
      <label className="field">
        <span>{label}</span>
        <input
          className="input num"
          type="datetime-local"
          value={form.values[key]}
          onChange={(e) => form.set(key)(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `nft-resell-${key}-error` : undefined}
          data-testid={`nft-resell-${key}`}
        />
        {error && (
          <span className="field-error" id={`nft-resell-${key}-error`}>
            {fieldMessageText(t, error)}
          </span>
        )}
      </label>
    );
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="nft-resell-form">
      <h3 className="section-title">{t("nft.resell.title")}</h3>
      <Tabs
        value={payType}
        onChange={setPayType}
        options={[
          { value: "1", label: t("nft.payType.1") },
          { value: "2", label: t("nft.payType.2") },
        ]}
      />
      <AmountField
        label={payType === "2" ? t("nft.resell.startPrice") : t("nft.price")}
        unit={coin}
        decimals={item.precision}
        {...form.amount("price")}
        testId="nft-resell-price"
      />
      {payType === "2" && (
        <AmountField
          label={t("nft.resell.increment")}
          unit={coin}
          decimals={item.precision}
          {...form.amount("per_increase")}
          hint={t("nft.resell.incrementHint")}
          testId="nft-resell-increment"
        />
      )}
      {timeField("start", t("nft.resell.start"))}
      {timeField("end", t("nft.resell.end"))}
      <p className="notice">{t("nft.resell.irrevocable")}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="nft-resell-submit">
        {t("nft.resell.list")}
      </button>
    </form>
  );
}

/** myNft: one of the caller's items, with the resell form while it is not listed. */
export default function MyNftPage() {
  useTexts("nft");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  const query = useQuery(itemQuery(code, token), { enabled: code !== "" });
  let body;
  if (!code) body = <EmptyState text={t("nft.empty.item")} />;
  else if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!query.data) body = <DelayedSpinner />;
  else {
    const item = query.data;
    const listedNow = item.listed === 1 && item.status !== 0;
    body = (
      <div className="content stack" data-testid="nft-my-item">
        <NftMedia item={item} />
        <h2 className="nft-title">{item.name}</h2>
        <NftFacts item={item} />
        {!item.is_mine ? (
          <div className="notice">{t("nft.resell.notYours")}</div>
        ) : listedNow ? (
          <div className="notice" data-testid="nft-listed-notice">
            {t("nft.resell.listedUntil", { date: formatDate(item.end_time, true) })}
          </div>
        ) : (
          <ResellForm item={item} />
        )}
      </div>
    );
  }
  return (
    <>
      <NavBar title={t("nft.myItemTitle")} />
      {body}
    </>
  );
}
