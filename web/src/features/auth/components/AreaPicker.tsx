import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconSearch } from "../../../components/icons.tsx";
import { EmptyState } from "../../../components/States.tsx";
import { HTML_LANG } from "../../../lib/lang-tags.ts";
import type { Lang } from "../../../../../schema/api/lang.ts";
import { AREA_CODES, type AreaCode, areaName, matchesArea } from "../area-codes.ts";

/** Searchable list of countries with their calling codes, names in the reader's language. */
export function AreaPicker({
  selected,
  onPick,
  autoFocus = false,
}: {
  selected: string;
  onPick: (area: AreaCode) => void;
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState("");
  const htmlLang = HTML_LANG[i18n.language as Lang] ?? "en";
  const named = useMemo(() => AREA_CODES.map((area) => ({ area, local: areaName(area, htmlLang) })), [htmlLang]);
  const shown = named.filter(({ area, local }) => matchesArea(area, local, query));
  return (
    <div className="area-picker">
      <label className="area-search input-group">
        <IconSearch size={18} />
        <input
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("auth.area.search")}
          aria-label={t("auth.area.search")}
          autoFocus={autoFocus}
          data-testid="area-search"
        />
      </label>
      {shown.length === 0 ? (
        <EmptyState text={t("auth.area.empty")} />
      ) : (
        <ul className="area-list" role="listbox" aria-label={t("auth.area.title")}>
          {shown.map(({ area, local }) => (
            <li key={area.iso} role="option" aria-selected={area.iso === selected}>
              <button type="button" className={area.iso === selected ? "area-item active" : "area-item"} onClick={() => onPick(area)}>
                <span className="area-name">{local}</span>
                <span className="area-dial num">+{area.dial}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
