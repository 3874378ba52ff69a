import { type InputHTMLAttributes, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconEye, IconEyeOff } from "../../../components/icons.tsx";

/** A password box with a show/hide toggle. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group">
      <input {...props} type={visible ? "text" : "password"} className="input" autoCapitalize="off" autoCorrect="off" spellCheck={false} />
      <button
        type="button"
        className="icon-btn"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t("auth.hidePassword") : t("auth.showPassword")}
        aria-pressed={visible}
      >
        {visible ? <IconEyeOff size={20} /> : <IconEye size={20} />}
      </button>
    </div>
  );
}
