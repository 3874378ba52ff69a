import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { NavBar } from "../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../components/States.tsx";

/** A page that failed to load (for example a chunk after a deploy): offer a reload. */
export function RouteError() {
  return (
    <div className="page">
      <NavBar title="" />
      <ErrorView onRetry={() => location.reload()} />
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <NavBar title="" />
      <EmptyState text={t("common.notFound")}>
        <button type="button" className="btn btn-primary" onClick={() => navigate("/", { replace: true })}>
          {t("common.home")}
        </button>
      </EmptyState>
    </>
  );
}
