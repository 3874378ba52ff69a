// The formatting check of `npm test`: Prettier's verdict, then the one rule Prettier cannot enforce on its own,
// no line over 140 characters (long string literals and comments are left alone by Prettier).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX = 140;
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx", "*.css", "*.html", "*.sh"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && !/^(migrations\/meta|tests\/fixtures)\/|package-lock\.json$/.test(f));

const long: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // deleted in the work tree
  }
  text.split("\n").forEach((line, i) => {
    // Combining marks (Thai vowels and tones, say) take no column of their own, as Prettier counts them.
    const length = [...line.replace(/\p{M}/gu, "")].length;
    if (length > MAX) long.push(`${file}:${i + 1}: ${length} characters`);
  });
}
if (long.length > 0) {
  console.error(`Lines over ${MAX} characters (break them; Prettier does not split strings or comments):\n${long.join("\n")}`);
  process.exit(1);
}
try {
  execFileSync("npx", ["prettier", "--check", "--log-level", "warn", "."], { stdio: "inherit" });
} catch {
  console.error("Run `npx prettier --write .` (or on the files you changed) to format them.");
  process.exit(1);
}
console.log(`format: ${files.length} files, Prettier-clean, no line over ${MAX} characters`);
