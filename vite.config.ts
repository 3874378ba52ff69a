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
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8787", "/parties": { target: "ws://127.0.0.1:8787", ws: true } },
  },
});
