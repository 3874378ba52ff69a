import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * WCAG AA contrast of the themes' colours (web/src/styles/app.css), in both themes: body, secondary and faint
 * text, links, up-green and down-red figures, warnings, on the page and card backgrounds and on the tinted
 * backgrounds the figures sit on; white on the solid up/down/primary buttons and pills. AA asks 4.5:1 for text.
 */

type Rgba = [r: number, g: number, b: number, a: number];

/** `#rrggbb` or `rgba(r, g, b, a)`. */
function parseColour(value: string): Rgba {
  const v = value.trim();
  const hex = /^#([0-9a-f]{6})$/i.exec(v);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(v);
  if (rgba) {
    const [r, g, b, a = "1"] = rgba[1]!.split(",").map((s) => s.trim());
    return [Number(r), Number(g), Number(b), Number(a)];
  }
  throw new Error(`unreadable colour ${value}`);
}

/** A translucent colour laid over an opaque one. */
const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];

const luminance = ([r, g, b]: Rgba) => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

export function contrast(fg: Rgba, bg: Rgba): number {
  const [a, b] = [luminance(over(fg, bg)), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

const AA = 4.5;

/** The custom properties of the first block whose selector starts with `selector`. */
function block(selector: string): Record<string, string> {
  const css = readFileSync("web/src/styles/app.css", "utf8");
  const start = css.indexOf(selector);
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** The custom properties of each theme block in app.css. */
const themes = (): Record<"dark" | "light", Record<string, string>> => ({
  dark: block('[data-theme="dark"]'),
  light: block('[data-theme="light"]'),
});

describe("colour contrast (WCAG AA) in both themes", () => {
  it("the contrast function gives the known values: black on white 21, white on white 1, #767676 on white 4.54", () => {
    expect(contrast(parseColour("#000000"), parseColour("#ffffff"))).toBeCloseTo(21, 5);
    expect(contrast(parseColour("#ffffff"), parseColour("#ffffff"))).toBeCloseTo(1, 5);
    expect(contrast(parseColour("#767676"), parseColour("#ffffff"))).toBeCloseTo(4.54, 2);
  });

  for (const [name, vars] of Object.entries(themes())) {
    const c = (v: string) => parseColour(vars[v] ?? (v === "white" ? "#ffffff" : ""));
    const bgs = ["--bg", "--bg-elevated", "--bg-input", "--bg-hover"].map((v) => [v, c(v)] as const);
    const softOn = (soft: string) => over(c(soft), c("--bg-elevated"));

    it(`${name}: text, secondary and faint text, links, up, down and warnings read at 4.5:1 on every background`, () => {
      const failures: string[] = [];
      for (const fg of ["--text", "--text-2", "--text-3", "--primary", "--up", "--down", "--warn"]) {
        for (const [bgName, bg] of bgs) {
          const ratio = contrast(c(fg), bg);
          if (ratio < AA) failures.push(`${fg} on ${bgName}: ${ratio.toFixed(2)}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it(`${name}: up and down figures on their own tinted backgrounds, and the primary on its tint, read at 4.5:1`, () => {
      const pairs: [string, Rgba, Rgba][] = [
        ["--up on --up-soft", c("--up"), softOn("--up-soft")],
        ["--down on --down-soft", c("--down"), softOn("--down-soft")],
        ["--primary on --primary-soft", c("--primary"), softOn("--primary-soft")],
      ];
      const failures = pairs.filter(([, fg, bg]) => contrast(fg, bg) < AA).map(([n, fg, bg]) => `${n}: ${contrast(fg, bg).toFixed(2)}`);
      expect(failures).toEqual([]);
    });

    it(`${name}: white on the solid primary, up, down and flat fills (buttons, pills) reads at 4.5:1`, () => {
      const failures = ["--primary-fill", "--up-fill", "--down-fill", "--flat-fill"]
        .map((v) => [v, contrast(c("--primary-text"), c(v))] as const)
        .filter(([, ratio]) => ratio < AA)
        .map(([v, ratio]) => `white on ${v}: ${ratio.toFixed(2)}`);
      expect(failures).toEqual([]);
    });
  }

  for (const [name, vars] of Object.entries(themes())) {
    it(`${name}: red-up (the price colour preference) swaps exactly the theme's up and down colours, so every ratio above holds`, () => {
      const swapped = block(`[data-theme="${name}"][data-colors="red-up"]`);
      expect(swapped).toEqual({
        "--up": vars["--down"],
        "--down": vars["--up"],
        "--up-soft": vars["--down-soft"],
        "--down-soft": vars["--up-soft"],
        "--up-fill": vars["--down-fill"],
        "--down-fill": vars["--up-fill"],
      });
    });
  }
});
