import { useAtomValue } from "jotai";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { editNicknameSchema, editSignatureSchema, NICKNAME_MAX, SIGNATURE_MAX } from "../../../../schema/api/profile.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { FieldError } from "../../features/auth/components/FieldError.tsx";
import { useForm } from "../../lib/form/useForm.ts";
import { validate } from "../../lib/form/validation.ts";
import type { FieldMessage } from "../../lib/form/messages.ts";
import { AVATAR_ACCEPT, avatarFileProblem, editNickname, editSignature, MAX_AVATAR_MB, uploadAvatar } from "../../features/profile/api.ts";
import { userAtom } from "../../features/session/atoms.ts";
import { refreshUser } from "../../features/session/session.ts";
import { ApiFailure } from "../../lib/api.ts";
import { toast } from "../../lib/ui.ts";
import { Avatar } from "./Avatar.tsx";
import { ProfilePending, useProfileRefresh } from "./ProfilePending.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/auth.css";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/setting.css";
import { useTexts } from "../../lib/i18n.ts";

/** Characters as the server counts them (code points, after trimming). */
const length = (s: string) => [...s.trim()].length;

export default function UserInfoPage() {
  useTexts("setting");
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const profile = useProfileRefresh();

  if (!user) return <ProfilePending title={t("setting.profile.title")} query={profile} />;
  return (
    <>
      <NavBar title={t("setting.profile.title")} />
      <main className="setting-page">
        <AvatarCard src={user.head_portrait} />
        <TextCard
          field="nickname"
          label={t("setting.profile.nickname")}
          hint={t("setting.profile.nicknameHint")}
          max={NICKNAME_MAX}
          initial={user.nickname}
          check={(nickname) => validate(editNicknameSchema, { nickname }, ["nickname"]).nickname}
          save={(nickname) => editNickname(nickname, { silent: true })}
        />
        <TextCard
          field="signature"
          label={t("setting.profile.signature")}
          hint={t("setting.profile.signatureHint")}
          max={SIGNATURE_MAX}
          multiline
          initial={user.signature}
          check={(signature) => validate(editSignatureSchema, { signature }, ["signature"]).signature}
          save={(signature) => editSignature(signature, { silent: true })}
        />
        <ul className="list setting-list">
          <li className="list-item static">
            <span>{t("setting.uid")}</span>
            <span className="value num">{user.uid}</span>
          </li>
          <li className="list-item static">
            <span>{t("setting.profile.account")}</span>
            <span className="value ellipsis">{user.account_number || user.wallet_address || "—"}</span>
          </li>
          <li className="list-item static">
            <span>{t("setting.profile.inviteCode")}</span>
            <span className="value num">{user.extension_code}</span>
          </li>
        </ul>
      </main>
    </>
  );
}

function AvatarCard({ src }: { src: string }) {
  useTexts("setting");
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<FieldMessage | undefined>();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      setError({ code: problem });
      return;
    }
    setError(undefined);
    setUploading(true);
    try {
      toast(await uploadAvatar(file, { silent: true }));
      await refreshUser();
    } catch (err) {
      setError({ text: err instanceof ApiFailure ? err.message : t("common.networkError") });
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className="card avatar-card">
      <Avatar src={src} size={72} />
      <div className="avatar-actions">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => input.current?.click()}
          disabled={uploading}
          data-testid="avatar-button"
        >
          {uploading ? t("setting.profile.uploading") : t("setting.profile.changeAvatar")}
        </button>
        <p className="faint">{t("setting.profile.avatarHint", { mb: MAX_AVATAR_MB })}</p>
        <FieldError field="avatar" error={error} />
      </div>
      <input ref={input} type="file" accept={AVATAR_ACCEPT} hidden onChange={onFile} data-testid="avatar-file" />
    </section>
  );
}

/** One editable text (nickname or signature) with its counter, check and save. */
function TextCard({
  field,
  label,
  hint,
  max,
  initial,
  multiline = false,
  check,
  save,
}: {
  field: "nickname" | "signature";
  label: string;
  hint: string;
  max: number;
  initial: string;
  multiline?: boolean;
  check: (value: string) => FieldMessage | undefined;
  save: (value: string) => Promise<string>;
}) {
  useTexts("setting");
  const { t } = useTranslation();
  const { values, set, errors, submitting, submit } = useForm({ [field]: initial } as Record<typeof field, string>);
  const value = values[field];
  const changed = value.trim() !== initial;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(
      () => ({ [field]: check(value) }),
      async () => {
        toast(await save(value.trim()));
        await refreshUser();
      },
    );
  };
  const props = {
    id: field,
    className: "input",
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(e.target.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": `${field}-error`,
  };
  return (
    <form className="card text-card" onSubmit={onSubmit} noValidate>
      <div className="row-between">
        <label htmlFor={field}>{label}</label>
        <span className={length(value) > max ? "faint counter over" : "faint counter"}>
          {length(value)}/{max}
        </span>
      </div>
      {multiline ? <textarea {...props} rows={2} className="input textarea" /> : <input {...props} />}
      <div className="text-card-foot">
        {errors[field] ? <FieldError field={field} error={errors[field]} /> : <p className="field-hint">{hint}</p>}
        <button type="submit" className="btn btn-primary btn-small" disabled={submitting || !changed} data-testid={`save-${field}`}>
          {submitting ? t("setting.saving") : t("common.save")}
        </button>
      </div>
    </form>
  );
}
