import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { realLv1Schema, realLv2Schema } from "../../../../schema/api/kyc.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { ImageUpload } from "../../components/ImageUpload.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView } from "../../components/States.tsx";
import { ID_TYPE_OPTIONS, type IdType, realStateQuery, submitLv1, submitLv2 } from "../../features/kyc/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useLater } from "../../hooks/useLater.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { fieldIssues } from "../../lib/form/validation.ts";
import { type FieldMessage, fieldMessageText } from "../../lib/form/messages.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { REDIRECT_DELAY_MS, confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** Issue codes of the shared KYC schema that have a translation under kyc.errors. */
const KNOWN = new Set(["KYC_NAME_INVALID", "INVALID_ID_NUMBER", "KYC_ID_TYPE_INVALID", "KYC_PHOTO_REQUIRED", "KYC_PHOTO_INVALID"]);

/** A KYC issue code as a message: the shared schema's codes have a translation under kyc.errors. */
const issueMessage = (code: string): FieldMessage =>
  code === "required" ? { key: "kyc.errors.required" } : { key: KNOWN.has(code) ? `kyc.errors.${code}` : "kyc.errors.invalid" };
const issueMessages = (issues: Record<string, string>): Record<string, FieldMessage> =>
  Object.fromEntries(Object.entries(issues).map(([k, code]) => [k, issueMessage(code)]));

function Lv1Form({ onDone }: { onDone: () => void }) {
  useTexts("kyc");
  const { t } = useTranslation();
  const [idType, setIdType] = useState<IdType>(0);
  const { values, set, errors, submitting, submit } = useForm({ name: "", card_id: "" });
  // After a success the form stays disabled until the page moves on.
  const [sent, setSent] = useState(false);
  const busy = submitting || sent;

  const check = () => {
    const issues = fieldIssues(realLv1Schema, { real_type: "1", id_type: String(idType), ...values });
    if (!values.name.trim()) issues.name = "required";
    if (!values.card_id.trim()) issues.card_id = "required";
    return issueMessages(issues);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(check, async () => {
      const name = values.name.trim();
      const cardId = values.card_id.trim();
      const ok = await confirmDialog({ title: t("kyc.real.confirmTitle"), message: t("kyc.real.confirmLv1", { name, id: cardId }) });
      if (!ok) return;
      toast(await submitLv1({ id_type: idType, name, card_id: cardId }, { silent: true }));
      setSent(true);
      onDone();
    });
  };

  const error = (field: "name" | "card_id") => (errors[field] ? fieldMessageText(t, errors[field]) : undefined);
  return (
    <form className="content stack" onSubmit={onSubmit} noValidate>
      <p className="faint">{t("kyc.real.lv1Intro")}</p>
      <div className="field">
        <span className="field-label">{t("kyc.real.idType")}</span>
        <div className="segmented" role="radiogroup" aria-label={t("kyc.real.idType")}>
          {ID_TYPE_OPTIONS.map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={idType === type}
              className={idType === type ? "active" : ""}
              onClick={() => setIdType(type)}
            >
              {t(`kyc.idTypes.${type}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <label htmlFor="kyc-name">{t("kyc.real.name")}</label>
        <input
          id="kyc-name"
          className="input"
          value={values.name}
          maxLength={60}
          autoComplete="name"
          placeholder={t("kyc.real.namePlaceholder")}
          onChange={(e) => set("name")(e.target.value)}
          aria-invalid={Boolean(errors.name)}
          aria-describedby="kyc-name-error"
        />
        <span id="kyc-name-error" className="field-error" role={errors.name ? "alert" : undefined}>
          {error("name")}
        </span>
      </div>
      <div className="field">
        <label htmlFor="kyc-card">{t("kyc.real.cardId")}</label>
        <input
          id="kyc-card"
          className="input"
          value={values.card_id}
          maxLength={40}
          autoComplete="off"
          placeholder={t("kyc.real.cardIdPlaceholder")}
          onChange={(e) => set("card_id")(e.target.value)}
          aria-invalid={Boolean(errors.card_id)}
          aria-describedby="kyc-card-error"
        />
        <span id="kyc-card-error" className="field-error" role={errors.card_id ? "alert" : undefined}>
          {error("card_id")}
        </span>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("kyc.real.submitting") : t("kyc.real.submit")}
      </button>
    </form>
  );
}

function Lv2Form({ onDone }: { onDone: () => void }) {
  useTexts("kyc");
  const { t } = useTranslation();
  const { values, set, errors, submitting, submit } = useForm({ front_pic: "", reverse_pic: "" });
  const [sent, setSent] = useState(false);
  const busy = submitting || sent;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => issueMessages(fieldIssues(realLv2Schema, { real_type: "2", ...values })),
      async () => {
        const ok = await confirmDialog({ title: t("kyc.real.confirmTitle"), message: t("kyc.real.confirmLv2") });
        if (!ok) return;
        toast(await submitLv2(values, { silent: true }));
        setSent(true);
        onDone();
      },
    );
  };
  const error = (field: "front_pic" | "reverse_pic") => (errors[field] ? fieldMessageText(t, errors[field]) : undefined);

  return (
    <form className="content stack" onSubmit={onSubmit} noValidate>
      <p className="faint">{t("kyc.real.lv2Intro")}</p>
      <ImageUpload
        label={t("kyc.real.front")}
        value={values.front_pic}
        onChange={set("front_pic")}
        privateFile
        error={error("front_pic")}
        disabled={busy}
        testId="kyc-front"
      />
      <ImageUpload
        label={t("kyc.real.back")}
        value={values.reverse_pic}
        onChange={set("reverse_pic")}
        privateFile
        error={error("reverse_pic")}
        disabled={busy}
        testId="kyc-back"
      />
      <p className="faint">{t("kyc.real.photoTips")}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("kyc.real.submitting") : t("kyc.real.submit")}
      </button>
    </form>
  );
}

/** Identity verification forms: Lv1 (ID type, name, number), then Lv2 (front and back photos, private uploads). */
export default function RealPage() {
  useTexts("kyc");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  const query = useQuery(realStateQuery(useAtomValue(tokenAtom)));
  const done = () => later(() => navigate("/setting/real_mark", { replace: true }), REDIRECT_DELAY_MS);

  const state = query.data;
  const wanted = params.get("level") === "2" ? 2 : params.get("level") === "1" ? 1 : state?.lv1.status === "hasaudit" ? 2 : 1;
  const title = wanted === 2 ? t("kyc.mark.lv2") : t("kyc.mark.lv1");

  let body;
  if (query.error && !state) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!state) body = <DelayedSpinner />;
  else {
    const info = wanted === 1 ? state.lv1 : state.lv2;
    const blocked =
      info.status === "auditing" || info.status === "hasaudit"
        ? t(info.status === "auditing" ? "kyc.real.underReview" : "kyc.real.alreadyVerified")
        : wanted === 2 && state.lv1.status !== "hasaudit"
          ? t("kyc.mark.lv1First")
          : state.status === "auditing"
            ? t("kyc.real.underReview")
            : null;
    body = blocked ? (
      <div className="content stack">
        <p className="notice">{blocked}</p>
        <Link className="btn btn-ghost btn-block" to="/setting/real_mark" replace>
          {t("kyc.mark.title")}
        </Link>
      </div>
    ) : wanted === 1 ? (
      <Lv1Form onDone={done} />
    ) : (
      <Lv2Form onDone={done} />
    );
  }
  return (
    <>
      <NavBar title={title} />
      {body}
    </>
  );
}
