import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A field that can be marked invalid names its message as its description (aria-describedby), so a screen reader reads the
 * error with the field instead of only announcing "invalid". Checked on the source: each `aria-invalid` attribute has an
 * `aria-describedby` among the attributes of the same element (the lines between the element's opening `<` and its `>`).
 */
const WEB = "web/src";

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsxFiles(join(dir, e.name)) : e.name.endsWith(".tsx") ? [join(dir, e.name)] : [],
  );
}

/** The attribute lines of the JSX element around `line`: up to the line that opens it and down to the line that closes it. */
function elementLines(lines: string[], line: number): string[] {
  let start = line;
  while (start > 0 && !/^\s*<[A-Za-z]/.test(lines[start]!)) start--;
  let end = line;
  while (end < lines.length - 1 && !/^\s*\/?>\s*$|\/>\s*$|^\s*>/.test(lines[end]!)) end++;
  return lines.slice(start, end + 1);
}

describe("form fields", () => {
  it("every field that can be invalid is described by its message", () => {
    const missing: string[] = [];
    for (const file of tsxFiles(WEB)) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((text, i) => {
        if (!/\baria-invalid[=:]|"aria-invalid"/.test(text)) return;
        if (!elementLines(lines, i).some((l) => /aria-describedby|"aria-describedby"/.test(l))) missing.push(`${file}:${i + 1}`);
      });
    }
    expect(missing).toEqual([]);
  });
});
