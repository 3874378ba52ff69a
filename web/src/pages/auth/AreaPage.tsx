import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { AreaPicker } from "../../features/auth/components/AreaPicker.tsx";
import { useArea } from "../../features/auth/components/AreaSelect.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/auth.css";

/** The area-code picker as its own page: picking stores the country and goes back to the form that opened it. */
export default function AreaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { area, setIso } = useArea();
  return (
    <>
      <NavBar title={t("auth.area.title")} />
      <main className="area-page">
        <AreaPicker
          selected={area.iso}
          autoFocus
          onPick={(picked) => {
            setIso(picked.iso);
            if (history.length > 1) navigate(-1);
            else navigate("/login", { replace: true });
          }}
        />
      </main>
    </>
  );
}
