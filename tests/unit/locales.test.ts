import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGS } from "../../schema/api/lang.ts";
import { LAZY_AREAS } from "../../web/src/locales/lazy-areas.ts";
import { CONSOLE_TEXTS } from "../../web/src/pages/admin/console-texts.ts";

const root = join(import.meta.dirname, "../../web/src/locales");

/** Every leaf key path of a nested object, with its text. */
function leaves(obj: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object") for (const [p, text] of leaves(v, path)) out.set(p, text);
    else out.set(path, String(v));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

const areas = readdirSync(join(root, "en")).filter((f) => f.endsWith(".json"));

describe("locales", () => {
  it("has an area file per language for every English area", () => {
    for (const lang of LANGS)
      expect(
        readdirSync(join(root, lang))
          .filter((f) => f.endsWith(".json"))
          .sort(),
      ).toEqual([...areas].sort());
  });

  for (const area of areas) {
    const en = leaves(JSON.parse(readFileSync(join(root, "en", area), "utf8")));
    for (const lang of LANGS.filter((l) => l !== "en")) {
      it(`${lang}/${area} has every key of en/${area}, with the same placeholders and no empty text`, () => {
        const other = leaves(JSON.parse(readFileSync(join(root, lang, area), "utf8")));
        const missing = [...en.keys()].filter((k) => !other.has(k));
        expect(missing, `missing in ${lang}/${area}`).toEqual([]);
        for (const [key, text] of en) {
          expect(placeholders(other.get(key) ?? ""), `${lang}/${area} ${key}`).toEqual(placeholders(text));
          expect(other.get(key)?.trim(), `${lang}/${area} ${key} is empty`).not.toBe("");
        }
      });
    }
  }
});

describe("lazy text areas", () => {
  const src = join(import.meta.dirname, "../../web/src");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );

  it("every file using a lazy area's keys calls useTexts with that area", () => {
    const offenders: string[] = [];
    for (const file of files(src)) {
      if (file.includes("/locales/")) continue;
      const text = readFileSync(file, "utf8");
      for (const area of LAZY_AREAS) {
        if (!new RegExp(`["'\`]${area}\\.[a-zA-Z]`).test(text)) continue;
        // The console's frame passes its list by name (pages/admin/console-texts.ts).
        const calls = [...text.matchAll(/useTexts\(([^)]*)\)/g)].map((m) =>
          m[1]!.replace("...CONSOLE_TEXTS", CONSOLE_TEXTS.map((a) => `"${a}"`).join(", ")),
        );
        if (!calls.some((args) => args.includes(`"${area}"`))) offenders.push(`${file.slice(src.length + 1)}: ${area}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("names only areas that exist", () => {
    for (const area of LAZY_AREAS) expect(areas).toContain(`${area}.json`);
  });

  // The areas that are not lazy load at start-up through each language's startup.ts, and locales/loaders.ts leaves
  // exactly those out of its lazy glob (a file imported both ways would become a chunk of its own, one request more).
  const startupAreas = areas.map((f) => f.slice(0, -".json".length)).filter((a) => !(LAZY_AREAS as readonly string[]).includes(a));
  const localeDir = join(src, "locales");

  it.each(readdirSync(localeDir).filter((d) => !d.includes(".")))("%s/startup.ts imports every start-up area", (lang) => {
    const text = readFileSync(join(localeDir, lang, "startup.ts"), "utf8");
    const imported = [...text.matchAll(/from "\.\/(\w+)\.json"/g)].map((m) => m[1]);
    expect(imported.sort()).toEqual([...startupAreas].sort());
  });

  it("the lazy glob leaves out exactly the start-up areas", () => {
    const loaders = readFileSync(join(src, "locales/loaders.ts"), "utf8");
    const excluded = /"!\.\/\*\/\{([\w,]+)\}\.json"/.exec(loaders)?.[1]?.split(",");
    expect(excluded?.sort()).toEqual([...startupAreas].sort());
  });
});
