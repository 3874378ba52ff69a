// Puts the demo NFT media (written by scripts/seed.ts into .wrangler/seed-media) into the local R2 bucket FILES of a
// persisted state, in one Miniflare start rather than one `wrangler r2 object put` per file.
// Usage: node scripts/seed-media.ts <persist-dir>
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";

const persist = process.argv[2] ?? ".wrangler/state";
const dir = ".wrangler/seed-media";
const mf = new Miniflare(
  convertV4MiniflareOptions({
    resourcePersistencePath: resolve(persist, "v3"),
    workers: [
      {
        name: "seed-media",
        modules: true,
        script: "export default { fetch: () => new Response(null) };",
        r2Buckets: { FILES: "edge-exchange-files" },
      },
    ],
  } as Parameters<typeof convertV4MiniflareOptions>[0]),
);
try {
  const bucket = await mf.getR2Bucket("FILES");
  for (const name of readdirSync(dir)) {
    await bucket.put(name.replaceAll("__", "/"), readFileSync(resolve(dir, name)), { httpMetadata: { contentType: "image/png" } });
  }
} finally {
  await mf.dispose();
}
