import { useTranslation } from "react-i18next";
import { DEFAULT_LANG, isLang, type Lang } from "../../../../schema/api/lang.ts";

/** The language the user reads and types in (i18next runs on the app's own language codes). */
export function useInputLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}
