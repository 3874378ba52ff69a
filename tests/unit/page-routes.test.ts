import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_TEXTS } from "../../web/src/pages/admin/console-texts.ts";

// Each route of web/src/pages/**/routes.ts names the lazy text areas its page asks for (`texts`): in its own file and in
// every file that file imports (statically, so they come with its chunk). A page opened directly then downloads them
// beside its chunk instead of suspending for them after it renders.
const pagesDir = join(import.meta.dirname, "../../web/src/pages");
const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(join(dir, e.name)) : e.name === "routes.ts" ? [join(dir, e.name)] : [],
  );

type Entry = { path: string; file: string; texts: string[] };

/** Each route as its table's text gives it: the path, the page file (`load: () => import(...)`) and the `texts` list. */
const entries: Entry[] = routeFiles(pagesDir).flatMap((routes) =>
  [...readFileSync(routes, "utf8").matchAll(/\{\s*path: "([^"]+)",\s*load: \(\) => import\("([^"]+)"\)([^}]*)\}/g)].map((m) => {
    const list = /texts: \[([^\]]*)\]/.exec(m[3]!)?.[1] ?? "";
    const named = list.includes("...CONSOLE_TEXTS") ? [...CONSOLE_TEXTS] : [];
    return { path: m[1]!, file: join(dirname(routes), m[2]!), texts: [...named, ...[...list.matchAll(/"(\w+)"/g)].map((t) => t[1]!)] };
  }),
);

/** The areas passed as literals to useTexts in `file` and in the files it imports statically (not `import type`). */
function areasAskedFrom(file: string, seen: Set<string>): Set<string> {
  const areas = new Set<string>();
  if (seen.has(file)) return areas;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const call of text.matchAll(/useTexts\(([^)]*)\)/g)) for (const area of call[1]!.matchAll(/"(\w+)"/g)) areas.add(area[1]!);
  for (const imported of text.matchAll(/^import (?!type )[^;]*?from "(\.{1,2}\/[^"]+\.tsx?)";/gms)) {
    for (const area of areasAskedFrom(join(dirname(file), imported[1]!), seen)) areas.add(area);
  }
  return areas;
}

describe("page routes", () => {
  it("are all read from the route tables' text", () => {
    const declared = routeFiles(pagesDir).reduce((n, f) => n + (readFileSync(f, "utf8").match(/load: \(\) =>/g)?.length ?? 0), 0);
    expect(entries.length).toBe(declared);
  });

  it.each(entries.map((e) => [e.path, e] as const))("%s names the lazy text areas its page asks for", (_, entry) => {
    const asked = areasAskedFrom(entry.file, new Set());
    expect([...asked].filter((area) => !entry.texts.includes(area))).toEqual([]);
  });
});
