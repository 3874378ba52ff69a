import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from "../../../schema/api/files.ts";
import { ApiFailure, post } from "../lib/api.ts";
import "../styles/fund.css";
import { useTexts } from "../lib/i18n.ts";

/** POST /upload (multipart `file`); private files (vouchers, identity photos) only their owner and operators can read. */
export function uploadImage(file: File, options: { private: boolean }): Promise<string> {
  const form = new FormData();
  form.set("file", file);
  form.set("private", options.private ? "1" : "0");
  return post<string>("/upload", form, { silent: true });
}

/**
 * Picks an image, checks its type and size, uploads it and reports the URL.
 * The preview comes from the local file, so a private upload needs no second request.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  privateFile,
  error,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  privateFile: boolean;
  error?: string;
  disabled?: boolean;
  testId?: string;
}) {
  useTexts("fund");
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [localPreview, setPreview] = useState<string>();
  /** The form cleared the value: no preview either. */
  const preview = value ? localPreview : undefined;
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailure(undefined);
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return setFailure(t("fund.upload.badType"));
    if (file.size > MAX_UPLOAD_BYTES) return setFailure(t("fund.upload.tooLarge", { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }));
    setUploading(true);
    try {
      const url = await uploadImage(file, { private: privateFile });
      setPreview(URL.createObjectURL(file));
      onChange(url);
    } catch (err) {
      setFailure(err instanceof ApiFailure ? err.message : t("fund.upload.failed"));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  const shown = failure ?? error;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <label
        htmlFor={inputId}
        className={`upload-box${preview ? " has-image" : ""}${disabled || uploading ? " disabled" : ""}`}
        data-testid={testId}
      >
        {preview ? (
          <img src={preview} alt={label} />
        ) : (
          <span className="upload-hint">
            <svg
              width="28"
              height="28"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
            </svg>
            <span>{uploading ? t("fund.upload.uploading") : t("fund.upload.choose")}</span>
          </span>
        )}
        {preview && <span className="upload-change">{uploading ? t("fund.upload.uploading") : t("fund.upload.change")}</span>}
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={UPLOAD_TYPES.join(",")}
        className="visually-hidden"
        disabled={disabled || uploading}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <span className="field-error" role={shown ? "alert" : undefined}>
        {shown}
      </span>
    </div>
  );
}
