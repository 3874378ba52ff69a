import { useAtom } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconChevron } from "../../../components/icons.tsx";
import { Sheet } from "../../../components/Sheet.tsx";
import { DEFAULT_AREA, findArea } from "../area-codes.ts";
import { areaIsoAtom } from "../atoms.ts";
import { AreaPicker } from "./AreaPicker.tsx";

/** The selected country (the last one picked, +86 by default). */
export function useArea() {
  const [iso, setIso] = useAtom(areaIsoAtom);
  return { area: findArea(iso) ?? DEFAULT_AREA, setIso };
}

/** The "+86" button in front of a phone number; opens the picker as a sheet, so the form keeps what was typed. */
export function AreaSelect() {
  const { t } = useTranslation();
  const { area, setIso } = useArea();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="area-btn num"
        onClick={() => setOpen(true)}
        aria-label={`${t("auth.areaCode")} +${area.dial}`}
        data-testid="area-select"
      >
        +{area.dial}
        <IconChevron size={14} />
      </button>
      <Sheet open={open} title={t("auth.area.title")} onClose={() => setOpen(false)}>
        <AreaPicker
          selected={area.iso}
          onPick={(picked) => {
            setIso(picked.iso);
            setOpen(false);
          }}
        />
      </Sheet>
    </>
  );
}
