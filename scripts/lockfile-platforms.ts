// The npm registry reachable from these machines lacks some platform builds of
// oxlint's native binding, so `npm install` here leaves them out of
// package-lock.json and `npm ci` then refuses the lockfile ("Missing: ... from
// lock file"). This adds the missing entries (version, os, cpu, libc; no
// integrity, which the registry here cannot give) so `npm ci` passes on every
// platform. Run it after changing dependencies: node scripts/lockfile-platforms.ts
import { readFileSync, writeFileSync } from "node:fs";

type Entry = { version?: string; optionalDependencies?: Record<string, string>; [k: string]: unknown };
const path = "package-lock.json";
const lock = JSON.parse(readFileSync(path, "utf8")) as { packages: Record<string, Entry> };

/** os, cpu and libc of a binding from its name, e.g. binding-linux-arm-musleabihf. */
function platformOf(name: string): { os: string; cpu: string; libc?: string } | null {
  const m = /binding-(android|darwin|freebsd|linux|openharmony|win32)-(arm64|arm|x64|ia32|ppc64|riscv64|s390x)(?:-(\w+))?$/.exec(name);
  if (!m) return null;
  const [, os, cpu, abi] = m as unknown as [string, string, string, string | undefined];
  const libc = os === "linux" ? (abi?.startsWith("musl") ? "musl" : "glibc") : undefined;
  return { os, cpu, ...(libc ? { libc } : {}) };
}

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`;
    if (lock.packages[depKey] || !dep.startsWith("@oxlint/binding-")) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[depKey] = {
      version,
      cpu: [platform.cpu],
      dev: true,
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      license: "MIT",
      optional: true,
      os: [platform.os],
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: added ${added} missing platform entr${added === 1 ? "y" : "ies"}`);
