// Writes the demo seed SQL for `wrangler d1 execute --local --file`.
// Reads the password pepper from .dev.vars so seeded passwords verify in `wrangler dev`.
import { readFileSync, writeFileSync } from "node:fs";
import { demoSeedSql } from "../worker/domain/seed/demo.ts";

const [devVarsPath = ".dev.vars", outPath = ".wrangler/seed.sql"] = process.argv.slice(2);
const vars = Object.fromEntries(
  readFileSync(devVarsPath, "utf8")
    .split("\n")
    .filter((line) => line.includes("=") && !line.startsWith("#"))
    .map((line) => [
      line.slice(0, line.indexOf("=")).trim(),
      line
        .slice(line.indexOf("=") + 1)
        .trim()
        .replace(/^"|"$/g, ""),
    ]),
);
if (!vars.PASSWORD_PEPPER) throw new Error(`PASSWORD_PEPPER missing in ${devVarsPath}`);
writeFileSync(outPath, await demoSeedSql(vars.PASSWORD_PEPPER));
