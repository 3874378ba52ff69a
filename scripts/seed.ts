// Writes the demo seed SQL for `wrangler d1 execute --local --file`.
// Reads the password pepper from .dev.vars so seeded passwords verify in `wrangler dev`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { demoSeedSql } from "../worker/domain/seed/demo.ts";
import { nftSeedMedia } from "../worker/domain/seed/nft-seed.ts";

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

// The demo NFT media: one file per R2 key under .wrangler/seed-media (the key with "/" as "__"), put by local-db.sh.
mkdirSync(".wrangler/seed-media", { recursive: true });
for (const m of nftSeedMedia()) writeFileSync(`.wrangler/seed-media/${m.key.replaceAll("/", "__")}`, m.bytes);
