import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * The entry (boot/entry.ts) is a few kilobytes that start the opened page's downloads, then import the app (main.tsx).
 * index.html asks for the app's chunks and styles itself, so they download beside the entry instead of after it.
 */
function preloadApp(): Plugin {
  return {
    name: "preload-app",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        // What the entry imports next: the libraries (boot/libraries.ts), then the app.
        const files = new Set<string>();
        for (const start of ["/src/boot/libraries.ts", "/src/main.tsx"]) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(start));
          if (!chunk) throw new Error(`preload-app: no chunk for ${start}`);
          for (const f of [chunk.fileName, ...chunk.imports]) files.add(f);
        }
        const css = [...files].flatMap((f) => [...(chunks.find((c) => c.fileName === f)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...css.map((href) => ({
            tag: "link",
            attrs: { rel: "stylesheet", crossorigin: true, href: `/${href}` },
            injectTo: "head" as const,
          })),
          ...[...files].map((href) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${href}` },
            injectTo: "head" as const,
          })),
        ];
      },
    },
  };
}

/**
 * The hidden `.font-warm` block (styled in app.css): a row of text per weight, 400 to 700, then one in monospace, each
 * with a span per size, 11 to 24 px. It is laid out with the document while the scripts download, so the font
 * lookups happen before the first paint instead of in the first screen's layouts.
 */
function fontWarm(): Plugin {
  const row = `<p>${"<span>Aa 0.9</span>".repeat(14)}</p>`;
  return {
    name: "font-warm",
    transformIndexHtml: () => [
      { tag: "div", attrs: { class: "font-warm", "aria-hidden": "true" }, children: row.repeat(5), injectTo: "body" },
    ],
  };
}

/** Builds the SPA into dist/client; wrangler serves it through the ASSETS binding. */
export default defineConfig({
  root: "web",
  plugins: [react(), preloadApp(), fontWarm()],
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
        // Two chunks for a first visit: the boot script with what it imports (the route table, the API client, the text
        // loaders), and the app with everything main.tsx imports statically, where automatic splitting made some twenty
        // small ones (under a slow network each costs a round trip). Shared chunks under 8 KB are copied into the chunks
        // that use them, for the same reason (trade: 34 files to 12).
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 8192 },
          groups: [
            { name: "boot", test: /src[\\/]boot[\\/]entry\.ts$/, priority: 20 },
            { name: "app", test: /src[\\/](main\.tsx|boot[\\/]libraries\.ts)$/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8787", "/parties": { target: "ws://127.0.0.1:8787", ws: true } },
  },
});
