/**
 * The English files define the keys (and so the types) of every locale.
 * Add a new area's English file here; tests/unit/locales.test.ts checks the
 * other eight languages have every key.
 */
import type common from "./en/common.json";

export type Resources = typeof common;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Resources };
  }
}
