import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Builds the SPA into dist/client; wrangler serves it through the ASSETS binding. */
export default defineConfig({
  root: "web",
  plugins: [react()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: true,
    // dist/client/.vite/manifest.json: scripts/check-bundle.ts reads chunk imports from it.
    manifest: true,
    rolldownOptions: {
      // Inlining common chunks (below) needs it: no chunk's exports are an API anyone imports by name.
      preserveEntrySignatures: false,
      output: {
        // Everything the entry imports statically in one chunk: a first visit fetches it in one request, where automatic
        // splitting made some twenty small ones (under a slow network each costs a round trip). The entry keeps main.tsx.
        // Shared chunks under 8 KB are copied into the chunks that use them, for the same reason (trade: 34 files to 12).
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 8192 },
          groups: [{ name: "app", tags: ["$initial"], test: (id: string) => !/(index\.html|main\.tsx)$/.test(id) }],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8787", "/parties": { target: "ws://127.0.0.1:8787", ws: true } },
  },
});
