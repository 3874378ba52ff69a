/**
 * Country calling codes for the phone fields (log-in, register, reset, bind).
 * Names are shown in the reader's language through Intl.DisplayNames from the
 * ISO 3166 code; `name` is the English fallback and is searchable too.
 * Includes every buy-crypto country of the spec (US, NG, TH, ID, BR, IN, VN, MX, PH).
 */
export type AreaCode = { iso: string; dial: string; name: string };

export const AREA_CODES: readonly AreaCode[] = [
  { iso: "CN", dial: "86", name: "China" },
  { iso: "HK", dial: "852", name: "Hong Kong" },
  { iso: "MO", dial: "853", name: "Macao" },
  { iso: "TW", dial: "886", name: "Taiwan" },
  { iso: "US", dial: "1", name: "United States" },
  { iso: "CA", dial: "1", name: "Canada" },
  { iso: "GB", dial: "44", name: "United Kingdom" },
  { iso: "JP", dial: "81", name: "Japan" },
  { iso: "KR", dial: "82", name: "South Korea" },
  { iso: "SG", dial: "65", name: "Singapore" },
  { iso: "MY", dial: "60", name: "Malaysia" },
  { iso: "TH", dial: "66", name: "Thailand" },
  { iso: "VN", dial: "84", name: "Vietnam" },
  { iso: "ID", dial: "62", name: "Indonesia" },
  { iso: "PH", dial: "63", name: "Philippines" },
  { iso: "IN", dial: "91", name: "India" },
  { iso: "PK", dial: "92", name: "Pakistan" },
  { iso: "BD", dial: "880", name: "Bangladesh" },
  { iso: "LK", dial: "94", name: "Sri Lanka" },
  { iso: "NP", dial: "977", name: "Nepal" },
  { iso: "MM", dial: "95", name: "Myanmar" },
  { iso: "KH", dial: "855", name: "Cambodia" },
  { iso: "LA", dial: "856", name: "Laos" },
  { iso: "MN", dial: "976", name: "Mongolia" },
  { iso: "KZ", dial: "7", name: "Kazakhstan" },
  { iso: "AU", dial: "61", name: "Australia" },
  { iso: "NZ", dial: "64", name: "New Zealand" },
  { iso: "DE", dial: "49", name: "Germany" },
  { iso: "FR", dial: "33", name: "France" },
  { iso: "IT", dial: "39", name: "Italy" },
  { iso: "ES", dial: "34", name: "Spain" },
  { iso: "PT", dial: "351", name: "Portugal" },
  { iso: "NL", dial: "31", name: "Netherlands" },
  { iso: "BE", dial: "32", name: "Belgium" },
  { iso: "LU", dial: "352", name: "Luxembourg" },
  { iso: "CH", dial: "41", name: "Switzerland" },
  { iso: "AT", dial: "43", name: "Austria" },
  { iso: "IE", dial: "353", name: "Ireland" },
  { iso: "SE", dial: "46", name: "Sweden" },
  { iso: "NO", dial: "47", name: "Norway" },
  { iso: "DK", dial: "45", name: "Denmark" },
  { iso: "FI", dial: "358", name: "Finland" },
  { iso: "PL", dial: "48", name: "Poland" },
  { iso: "CZ", dial: "420", name: "Czechia" },
  { iso: "HU", dial: "36", name: "Hungary" },
  { iso: "RO", dial: "40", name: "Romania" },
  { iso: "GR", dial: "30", name: "Greece" },
  { iso: "TR", dial: "90", name: "Türkiye" },
  { iso: "RU", dial: "7", name: "Russia" },
  { iso: "UA", dial: "380", name: "Ukraine" },
  { iso: "IL", dial: "972", name: "Israel" },
  { iso: "AE", dial: "971", name: "United Arab Emirates" },
  { iso: "SA", dial: "966", name: "Saudi Arabia" },
  { iso: "QA", dial: "974", name: "Qatar" },
  { iso: "KW", dial: "965", name: "Kuwait" },
  { iso: "BH", dial: "973", name: "Bahrain" },
  { iso: "OM", dial: "968", name: "Oman" },
  { iso: "JO", dial: "962", name: "Jordan" },
  { iso: "EG", dial: "20", name: "Egypt" },
  { iso: "MA", dial: "212", name: "Morocco" },
  { iso: "NG", dial: "234", name: "Nigeria" },
  { iso: "GH", dial: "233", name: "Ghana" },
  { iso: "KE", dial: "254", name: "Kenya" },
  { iso: "ZA", dial: "27", name: "South Africa" },
  { iso: "BR", dial: "55", name: "Brazil" },
  { iso: "MX", dial: "52", name: "Mexico" },
  { iso: "AR", dial: "54", name: "Argentina" },
  { iso: "CL", dial: "56", name: "Chile" },
  { iso: "CO", dial: "57", name: "Colombia" },
  { iso: "PE", dial: "51", name: "Peru" },
  { iso: "VE", dial: "58", name: "Venezuela" },
];

/** The spec's default phone area code. */
export const DEFAULT_AREA: AreaCode = AREA_CODES[0]!;

export const findArea = (iso: string): AreaCode | undefined => AREA_CODES.find((a) => a.iso === iso);

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** The country's name in the given BCP 47 language, or the English name. */
export function areaName(area: AreaCode, htmlLang: string): string {
  if (!displayNames.has(htmlLang)) {
    try {
      displayNames.set(htmlLang, new Intl.DisplayNames([htmlLang], { type: "region" }));
    } catch {
      displayNames.set(htmlLang, null);
    }
  }
  return displayNames.get(htmlLang)?.of(area.iso) ?? area.name;
}

/** Matches a search text against the local name, the English name, the ISO code and the dial code. */
export function matchesArea(area: AreaCode, localName: string, query: string): boolean {
  const q = query.trim().toLowerCase().replace(/^\+/, "");
  if (!q) return true;
  return (
    localName.toLowerCase().includes(q) || area.name.toLowerCase().includes(q) || area.iso.toLowerCase() === q || area.dial.startsWith(q)
  );
}
