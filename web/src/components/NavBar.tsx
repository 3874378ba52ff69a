import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { IconBack } from "./icons.tsx";

/** The custom navigation bar every page uses (the spec hides the native one). */
export function NavBar({
  title,
  back = true,
  right,
  onBack,
}: {
  title: ReactNode;
  back?: boolean;
  right?: ReactNode;
  onBack?: () => void;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = onBack ?? (() => (history.length > 1 ? navigate(-1) : navigate("/", { replace: true })));
  return (
    <header className="navbar">
      <div className="navbar-side">
        {back && (
          <button type="button" className="icon-btn" onClick={goBack} aria-label={t("common.back")}>
            <IconBack />
          </button>
        )}
      </div>
      <h1 className="navbar-title">{title}</h1>
      <div className="navbar-side navbar-right">{right}</div>
    </header>
  );
}
