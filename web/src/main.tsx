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
preloadPage(location.hash);
await initI18n(store.get(langAtom));
void import("./features/preferences/fiatRates.ts").then((fiat) => fiat.startFiatRefresh());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
