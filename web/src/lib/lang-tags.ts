import type { Lang } from "../../../schema/api/lang.ts";

/** BCP 47 tags for the app's language codes (the page's lang attribute, Intl formats). */
export const HTML_LANG: Record<Lang, string> = {
  zh: "zh-CN",
  en: "en",
  hk: "zh-HK",
  th: "th",
  jp: "ja",
  kor: "ko",
  fra: "fr",
  spa: "es",
  vn: "vi",
};
