import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGS, type Lang } from "../../schema/api/lang.ts";
import { amountInputExample, amountInputText, parseAmountInput, SEPARATORS } from "../../web/src/lib/amount-input.ts";
import { amountInputMessage } from "../../web/src/lib/form/messages.ts";
import { HTML_LANG } from "../../web/src/lib/lang-tags.ts";

const read = (text: string, lang: Lang) => parseAmountInput(text, lang);
const ok = (value: string) => ({ ok: true, value });
const refused = (error: string) => ({ ok: false, error });

describe("an amount typed in English (and zh, hk, th, jp, kor): '.' decimals, ',' thousands", () => {
  for (const lang of ["en", "zh", "hk", "th", "jp", "kor"] as const) {
    it(`${lang}: "1,000" is one thousand, never one`, () => {
      expect(read("1,000", lang)).toEqual(ok("1000"));
      expect(read("1,234,567.89", lang)).toEqual(ok("1234567.89"));
      expect(read("1.5", lang)).toEqual(ok("1.5"));
      expect(read("1000", lang)).toEqual(ok("1000"));
    });
    it(`${lang}: a comma outside three-digit groups is refused, not guessed`, () => {
      expect(read("1,5", lang)).toEqual(refused("separator"));
      expect(read("1,00", lang)).toEqual(refused("separator"));
      expect(read("1000,000", lang)).toEqual(refused("separator"));
      expect(read("1.000,5", lang)).toEqual(refused("separator"));
      expect(read("0.1,5", lang)).toEqual(refused("separator"));
      expect(read("1 000", lang)).toEqual(refused("separator"));
    });
  }
});

describe("an amount typed in French: ',' decimals, spaces between thousands", () => {
  it('"1,000" is one (the decimal comma), never one thousand', () => {
    expect(read("1,000", "fra")).toEqual(ok("1"));
    expect(read("1,5", "fra")).toEqual(ok("1.5"));
  });
  it("accepts the narrow no-break space Intl writes, a no-break space and a plain space, in three-digit groups", () => {
    expect(read("1\u202f234,5", "fra")).toEqual(ok("1234.5"));
    expect(read("1\u00a0234\u00a0567", "fra")).toEqual(ok("1234567"));
    expect(read("12 345,06", "fra")).toEqual(ok("12345.06"));
    expect(read("1 23", "fra")).toEqual(refused("separator"));
  });
  it("refuses a point: French never writes one in a number, so it could mean either", () => {
    expect(read("1.5", "fra")).toEqual(refused("separator"));
    expect(read("1.000", "fra")).toEqual(refused("separator"));
  });
});

describe("an amount typed in Spanish and Vietnamese: ',' decimals, '.' thousands", () => {
  for (const lang of ["spa", "vn"] as const) {
    it(`${lang}: "1.000" is one thousand and "1,5" one and a half`, () => {
      expect(read("1.000", lang)).toEqual(ok("1000"));
      expect(read("1.234.567,89", lang)).toEqual(ok("1234567.89"));
      expect(read("1,5", lang)).toEqual(ok("1.5"));
      expect(read("1000", lang)).toEqual(ok("1000"));
    });
    it(`${lang}: a point outside three-digit groups is refused`, () => {
      expect(read("1.5", lang)).toEqual(refused("separator"));
      expect(read("1.00", lang)).toEqual(refused("separator"));
      expect(read("1,000.5", lang)).toEqual(refused("separator"));
      expect(read("1,5,5", lang)).toEqual(refused("separator"));
    });
  }
});

describe("every language", () => {
  it("refuses junk, signs and exponents as not a number, and blank as empty", () => {
    for (const lang of LANGS) {
      expect(read("abc", lang)).toEqual(refused("notNumber"));
      expect(read("1e3", lang)).toEqual(refused("notNumber"));
      expect(read("-5", lang)).toEqual(refused("notNumber"));
      expect(read("+5", lang)).toEqual(refused("notNumber"));
      expect(read("12$", lang)).toEqual(refused("notNumber"));
      expect(read("   ", lang)).toEqual(refused("empty"));
      expect(read("", lang)).toEqual(refused("empty"));
    }
  });

  it("refuses a decimal mark with nothing after it or nothing at all around it", () => {
    for (const lang of LANGS) {
      const { decimal } = SEPARATORS[lang];
      expect(read(`5${decimal}`, lang)).toEqual(refused("separator"));
      expect(read(decimal, lang)).toEqual(refused("separator"));
      expect(read(`1${decimal}2${decimal}3`, lang)).toEqual(refused("separator"));
      expect(read(`${decimal}5`, lang)).toEqual(ok("0.5"));
    }
  });

  it("writes the canonical form: no leading zeros, no trailing fraction zeros, surrounding blanks ignored", () => {
    expect(read(" 007.50 ", "en")).toEqual(ok("7.5"));
    expect(read("0", "en")).toEqual(ok("0"));
    expect(read("0,000", "fra")).toEqual(ok("0"));
    expect(read("10.0", "jp")).toEqual(ok("10"));
  });

  it("reads full-width and Thai digits as the same number", () => {
    expect(read("１，０００．５", "jp")).toEqual(ok("1000.5"));
    expect(read("๑,๒๕๐", "th")).toEqual(ok("1250"));
  });

  it("refuses more than 20 digits before or after the mark", () => {
    expect(read("1".repeat(21), "en")).toEqual(refused("tooLong"));
    expect(read(`1.${"1".repeat(21)}`, "en")).toEqual(refused("tooLong"));
    expect(read("1".repeat(20), "en")).toEqual(ok("1".repeat(20)));
  });

  it("follows Intl.NumberFormat: whatever it writes for the language reads back as the same number", () => {
    for (const lang of LANGS) {
      const format = new Intl.NumberFormat(HTML_LANG[lang], { maximumFractionDigits: 8 });
      for (const n of ["1234567.891", "1000", "0.5", "98765.4321"]) expect(read(format.format(Number(n)), lang)).toEqual(ok(n));
      expect(read(amountInputExample(lang), lang)).toEqual(ok("1234.56"));
    }
  });

  it("a canonical value shown in the language's box reads back as itself", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.stringMatching(/^(0|[1-9]\d{0,19})(\.\d{0,19}[1-9])?$/), (lang, value) => {
        expect(read(amountInputText(value, lang), lang)).toEqual(ok(value));
      }),
    );
  });

  it("anything typed is either one number or refused with a reason, never thrown on", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.string(), (lang, typed) => {
        const result = read(typed, lang);
        if (result.ok) expect(result.value).toMatch(/^\d{1,20}(\.\d{1,20})?$/);
        else expect(["empty", "notNumber", "separator", "tooLong"]).toContain(result.error);
      }),
    );
  });
});

describe("the message of a refused amount", () => {
  const texts = (lang: Lang) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../web/src/locales/${lang}/common.json`), "utf8")).common.amountInput;

  it("names the language's own marks and an example, with a text in every language", () => {
    expect(amountInputMessage("separator", "fra")).toEqual({
      key: "common.amountInput.separator",
      values: { example: "1\u202f234,56", decimal: ",", max: 20 },
    });
    expect(amountInputMessage("notNumber", "en")).toEqual({
      key: "common.amountInput.notNumber",
      values: { example: "1,234.56", decimal: ".", max: 20 },
    });
    for (const lang of LANGS)
      for (const error of ["empty", "notNumber", "separator", "tooLong"] as const) {
        const message = amountInputMessage(error, lang);
        const text: string = texts(lang)[error];
        expect(message.key).toBe(`common.amountInput.${error}`);
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) expect(Object.keys(message.values)).toContain(name);
      }
  });
});
