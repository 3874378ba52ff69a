import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { realLv1Schema, realLv2Schema } from "../../../../schema/api/kyc.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { ImageUpload } from "../../components/ImageUpload.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView } from "../../components/States.tsx";
import { fetchRealState, ID_TYPE_OPTIONS, type IdType, submitLv1, submitLv2 } from "../../features/kyc/api.ts";
import { useLater } from "../../hooks/useLater.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { fieldIssues } from "../../lib/issues.ts";
import { REDIRECT_DELAY_MS, confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";

/** Issue codes of the shared KYC schema that have a translation under kyc.errors. */
const KNOWN = new Set(["KYC_NAME_INVALID", "INVALID_ID_NUMBER", "KYC_ID_TYPE_INVALID", "KYC_PHOTO_REQUIRED", "KYC_PHOTO_INVALID"]);

function useIssueText() {
  const { t } = useTranslation();
  return (code: string | undefined) =>
    !code ? undefined : KNOWN.has(code) ? t(`kyc.errors.${code as "KYC_NAME_INVALID"}`) : t("kyc.errors.invalid");
}

function Lv1Form({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const [idType, setIdType] = useState<IdType>(0);
  const [name, setName] = useState("");
  const [cardId, setCardId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { real_type: "1", id_type: String(idType), name, card_id: cardId };
    const issues = fieldIssues(realLv1Schema, input);
    if (!name.trim()) issues.name = "required";
    if (!cardId.trim()) issues.card_id = "required";
    setErrors(issues);
    if (Object.keys(issues).length) return;
    const ok = await confirmDialog({
      title: t("kyc.real.confirmTitle"),
      message: t("kyc.real.confirmLv1", { name: name.trim(), id: cardId.trim() }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      toast(await submitLv1({ id_type: idType, name: name.trim(), card_id: cardId.trim() }));
      onDone();
    } catch {
      setBusy(false);
    }
  };

  const error = (field: string) => (errors[field] === "required" ? t("kyc.errors.required") : issueText(errors[field]));
  return (
    <form className="content stack" onSubmit={submit} noValidate>
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
          value={name}
          maxLength={60}
          autoComplete="name"
          placeholder={t("kyc.real.namePlaceholder")}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={Boolean(errors.name)}
        />
        <span className="field-error" role={errors.name ? "alert" : undefined}>
          {error("name")}
        </span>
      </div>
      <div className="field">
        <label htmlFor="kyc-card">{t("kyc.real.cardId")}</label>
        <input
          id="kyc-card"
          className="input"
          value={cardId}
          maxLength={40}
          autoComplete="off"
          placeholder={t("kyc.real.cardIdPlaceholder")}
          onChange={(e) => setCardId(e.target.value)}
          aria-invalid={Boolean(errors.card_id)}
        />
        <span className="field-error" role={errors.card_id ? "alert" : undefined}>
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
  const { t } = useTranslation();
  const issueText = useIssueText();
  const [front, setFront] = useState("");
  const [back, setBack] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const issues = fieldIssues(realLv2Schema, { real_type: "2", front_pic: front, reverse_pic: back });
    setErrors(issues);
    if (Object.keys(issues).length) return;
    const ok = await confirmDialog({ title: t("kyc.real.confirmTitle"), message: t("kyc.real.confirmLv2") });
    if (!ok) return;
    setBusy(true);
    try {
      toast(await submitLv2({ front_pic: front, reverse_pic: back }));
      onDone();
    } catch {
      setBusy(false);
    }
  };

  return (
    <form className="content stack" onSubmit={submit} noValidate>
      <p className="faint">{t("kyc.real.lv2Intro")}</p>
      <ImageUpload
        label={t("kyc.real.front")}
        value={front}
        onChange={setFront}
        privateFile
        error={issueText(errors.front_pic)}
        disabled={busy}
        testId="kyc-front"
      />
      <ImageUpload
        label={t("kyc.real.back")}
        value={back}
        onChange={setBack}
        privateFile
        error={issueText(errors.reverse_pic)}
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  const query = useQuery(fetchRealState, []);
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
