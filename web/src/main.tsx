import "./boot/storage.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { wireApi } from "./app/bootstrap.ts";
import { preloadPage } from "./app/router.tsx";
import { langAtom } from "./features/preferences/atoms.ts";
import { initI18n } from "./lib/i18n.ts";
import { store } from "./lib/ui.ts";
import "./styles/app.css";

wireApi();
// The opened page's chunk and the language's texts download side by side; the first render then needs neither.
const lang = store.get(langAtom);
await Promise.all([initI18n(lang), preloadPage(location.hash, lang)]);
void import("./features/preferences/fiatRates.ts").then((fiat) => fiat.startFiatRefresh());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
