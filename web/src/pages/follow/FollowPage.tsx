import { useAtomValue } from "jotai";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { followTrader, traderDetailQuery } from "../../features/follow/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { D } from "../../lib/decimal.ts";
import { amount } from "../../lib/format.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { Tabs } from "../fund/parts.tsx";
import { agreementPath } from "./agreement.ts";
import "../../styles/fund.css";
import "../../styles/follow.css";

/** Above 0, at most 5, at most two decimals (the server checks the same). */
const validNumber = (v: string) => /^\d{1,2}(?:\.\d{1,2})?$/.test(v) && new D(v).gt(0) && new D(v).lte(5);

/** Follow settings (`/follow/follow?id=`): a fixed multiple of the trader's lots or fixed lots, the agreement, a confirmation. */
export default function FollowPage() {
  useTexts("follow");
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const detail = useQuery(traderDetailQuery(token, id), { enabled: id > 0 });
  const [type, setType] = useState<"1" | "2">("1");
  const form = useForm({ number: "1", agreed: "" });
  const agreed = form.values.agreed === "1";
  const inputId = useId();
  const title = t("follow.followTitle");
  const d = detail.data;
  if (!d) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={detail} />
      </>
    );
  }
  const number = form.values.number;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      () => ({
        number: validNumber(number) ? undefined : { key: "follow.numberInvalid" },
        agreed: agreed ? undefined : { key: "follow.agreeFirst" },
      }),
      async () => {
        const rule = t(type === "1" ? "follow.followingMultiple" : "follow.followingLots", { number: amount(number) });
        const ok = await confirmDialog({
          title: t("follow.confirmTitle"),
          message: t("follow.confirmMessage", { nickname: d.trader_info.nickname, rule }),
        });
        if (!ok) return;
        toast(await followTrader({ trader_user_id: id, number, type }));
        void navigate("/copytrade/my");
      },
    );
  };
  const example = validNumber(number) && type === "1" ? new D(number).times(10).toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2) : null;
  return (
    <>
      <NavBar title={title} />
      <form className="content stack" onSubmit={submit} noValidate>
        <p>
          {t("follow.followingWho")} <strong>{d.trader_info.nickname}</strong>
        </p>
        <Tabs
          value={type}
          onChange={setType}
          options={[
            { value: "1", label: t("follow.typeMultiple") },
            { value: "2", label: t("follow.typeLots") },
          ]}
        />
        <div className="field">
          <label htmlFor={inputId}>{t(type === "1" ? "follow.multiple" : "follow.fixedLots")}</label>
          <AmountInput
            id={inputId}
            className="input num"
            {...form.amount("number")}
            aria-invalid={Boolean(form.errors.number)}
            aria-describedby={`${inputId}-message`}
            data-testid="follow-number"
          />
          {form.errors.number ? (
            <span id={`${inputId}-message`} className="field-error" role="alert">
              {fieldMessageText(t, form.errors.number)}
            </span>
          ) : (
            <span id={`${inputId}-message`} className="faint field-hint">
              {t("follow.numberHint")}
            </span>
          )}
        </div>
        <p className="faint" data-testid="follow-explain">
          {type === "1"
            ? t("follow.explainMultiple", { example: example ? amount(example) : "…" })
            : t("follow.explainLots", { number: validNumber(number) ? amount(number) : "…" })}
        </p>
        <p className="faint">{t("follow.explainMargin")}</p>
        <label className="check-row">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => form.set("agreed")(e.target.checked ? "1" : "")}
            data-testid="follow-agree"
          />
          <span>
            {t("follow.agreePrefix")} <Link to={agreementPath(i18n.language)}>{t("follow.agreement")}</Link>
          </span>
        </label>
        {form.errors.agreed && (
          <span className="field-error" role="alert">
            {fieldMessageText(t, form.errors.agreed)}
          </span>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="follow-submit">
          {t("follow.follow")}
        </button>
      </form>
    </>
  );
}
