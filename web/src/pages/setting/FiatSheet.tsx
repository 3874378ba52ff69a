import { useAtom, useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../../../schema/api/lang.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { Sheet } from "../../components/Sheet.tsx";
import { ErrorView } from "../../components/States.tsx";
import { fiatAtom, fiatsAtom } from "../../features/preferences/atoms.ts";
import { fiatRatesQuery } from "../../features/preferences/fiatRates.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { HTML_LANG } from "../../lib/lang-tags.ts";
import { useTexts } from "../../lib/i18n.ts";

/** The currency's name in the reader's language ("US Dollar", "美元"), or nothing when unknown. */
function currencyName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([HTML_LANG[lang] ?? "en"], { type: "currency" }).of(code) ?? "";
  } catch {
    return "";
  }
}

/** The display-currency picker: the 11 fiats of the rates list, loaded when missing or older than a day. */
export function FiatSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  useTexts("setting");
  const { t } = useTranslation();
  return (
    <Sheet open={open} title={t("setting.fiat")} onClose={onClose}>
      {open && <FiatList onPicked={onClose} />}
    </Sheet>
  );
}

function FiatList({ onPicked }: { onPicked: () => void }) {
  useTexts("setting");
  const { t, i18n } = useTranslation();
  const list = useAtomValue(fiatsAtom);
  const [fiat, setFiat] = useAtom(fiatAtom);
  // Loads the rates when missing or older than a day (the shared loader keeps the chosen rate in step).
  const { loading, reload } = useQuery(fiatRatesQuery);

  if (list.length === 0) {
    if (loading) return <DelayedSpinner />;
    return <ErrorView onRetry={reload} />;
  }
  return (
    <ul className="choice-list" role="listbox" aria-label={t("setting.fiat")}>
      {list.map((f) => (
        <li key={f.currency_code} role="option" aria-selected={f.currency_code === fiat.currency_code}>
          <button
            type="button"
            className={f.currency_code === fiat.currency_code ? "choice active" : "choice"}
            onClick={() => {
              setFiat(f);
              onPicked();
            }}
            data-testid={`fiat-${f.currency_code}`}
          >
            <span className="choice-code num">{f.currency_code}</span>
            <span className="faint">{currencyName(f.currency_code, i18n.language as Lang)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
