import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The dependency rule, kept by walking every import of the app's source:
 *
 *   durable/  ->  worker/domain/  ->  schema/        (never back)
 *
 * - schema/ imports only schema/.
 * - worker/domain/ imports only worker/domain/ and schema/.
 * - durable/ imports durable/, worker/domain/ and schema/; a family's folder (durable/spot, durable/rooms, ...)
 *   takes values only from itself and durable/common/ (an object reaches another object through its stub type).
 * - the rest of worker/ (http, routes, realtime, app, cron) imports worker/ and schema/, and from durable/ only
 *   `import type` (a stub's class); worker/index.ts, the composition root, is the one file that imports durable/ values.
 * - web/ imports web/ and schema/.
 */

const ROOT = join(dirname(new URL(import.meta.url).pathname), "..", "..");
const SOURCE_DIRS = ["schema", "worker", "durable", "web/src"];

type Import = { from: string; to: string; typeOnly: boolean; line: number };

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const IMPORT_RE =
  /^\s*(import|export)\s+(type\s+)?([^"';]*?)\s*from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

/** Every relative import of a file, resolved to a path from the repository root. */
export function importsOf(file: string, text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[4] ?? m[5] ?? m[6]!;
    if (!spec.startsWith(".")) continue;
    const clause = m[3] ?? "";
    // `import type {...}`, or every named specifier marked `type`, erases at compile time.
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    const allTyped = named !== null && named[1]!.split(",").every((s) => s.trim() === "" || s.trim().startsWith("type "));
    const typeOnly = m[2] !== undefined || allTyped || m[6] !== undefined;
    const line = text.slice(0, m.index).split("\n").length;
    out.push({ from: file, to: normalize(join(dirname(file), spec)), typeOnly, line });
  }
  return out;
}

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
/** durable/spot/core.ts -> durable/spot: the folder an object family lives in. */
const family = (path: string) => path.split("/").slice(0, 2).join("/");

/** Why an import breaks the rule, or null when it keeps it. */
export function violation(i: Import): string | null {
  const { from, to } = i;
  if (under(from, "schema")) return under(to, "schema") ? null : "schema/ imports only schema/";
  if (under(from, "worker/domain")) {
    return under(to, "worker/domain") || under(to, "schema") ? null : "worker/domain/ imports only worker/domain/ and schema/";
  }
  if (under(from, "durable")) {
    if (!(under(to, "durable") || under(to, "worker/domain") || under(to, "schema"))) {
      return "durable/ imports only durable/, worker/domain/ and schema/";
    }
    if (under(to, "durable") && !i.typeOnly && family(to) !== family(from) && !under(to, "durable/common")) {
      return "a durable/ family takes values only from itself and durable/common/";
    }
    return null;
  }
  if (from === "worker/index.ts") return null;
  if (under(from, "worker")) {
    if (under(to, "durable")) return i.typeOnly ? null : "only worker/index.ts imports values from durable/ (routes may `import type`)";
    return under(to, "worker") || under(to, "schema") ? null : "worker/ imports only worker/ and schema/";
  }
  if (under(from, "web")) return under(to, "web") || under(to, "schema") ? null : "web/ imports only web/ and schema/";
  return null;
}

describe("the dependency rule: durable -> worker/domain -> schema, never back", () => {
  const files = SOURCE_DIRS.flatMap(walk);
  const imports = files.flatMap((f) => importsOf(relative(ROOT, join(ROOT, f)), readFileSync(join(ROOT, f), "utf8")));

  it("walks the whole source tree", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(imports.length).toBeGreaterThan(1000);
  });

  it("no import in schema, worker, durable or web breaks it", () => {
    const broken = imports.flatMap((i) => {
      const why = violation(i);
      return why ? [`${i.from}:${i.line} -> ${i.to}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("catches each kind of break (the walker itself is tested)", () => {
    const at = (from: string, to: string, typeOnly = false) => violation({ from, to, typeOnly, line: 1 });
    expect(at("worker/domain/markets/config.ts", "durable/spot/engine/engine.ts")).toMatch(/worker\/domain/);
    expect(at("worker/domain/markets/config.ts", "worker/http/context.ts", true)).toMatch(/worker\/domain/);
    expect(at("schema/api/market.ts", "worker/domain/db.ts", true)).toMatch(/schema/);
    expect(at("durable/spot/market.ts", "worker/http/validate.ts")).toMatch(/durable/);
    expect(at("worker/routes/market.ts", "durable/spot/market.ts")).toMatch(/worker\/index\.ts/);
    expect(at("worker/routes/market.ts", "durable/spot/market.ts", true)).toBeNull();
    expect(at("worker/index.ts", "durable/spot/market.ts")).toBeNull();
    expect(at("web/src/lib/api.ts", "worker/domain/errors.ts", true)).toMatch(/web/);
    expect(at("durable/spot/market.ts", "durable/rooms/user-room.ts")).toMatch(/family/);
    expect(at("durable/spot/market.ts", "durable/rooms/user-room.ts", true)).toBeNull();
    expect(at("durable/spot/market.ts", "durable/common/scheduler.ts")).toBeNull();
  });

  it("reads type-only imports as type-only, and value imports as values", () => {
    const list = importsOf(
      "worker/routes/x.ts",
      [
        'import type { A } from "../../durable/a.ts";',
        'import { type B, type C } from "../../durable/b.ts";',
        'import { type D, e } from "../../durable/c.ts";',
        'export { f } from "../../durable/d.ts";',
        'import "../../durable/e.ts";',
      ].join("\n"),
    );
    expect(list.map((i) => [i.to, i.typeOnly])).toEqual([
      ["durable/a.ts", true],
      ["durable/b.ts", true],
      ["durable/c.ts", false],
      ["durable/d.ts", false],
      ["durable/e.ts", false],
    ]);
  });
});
