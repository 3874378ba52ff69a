import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { wireApi } from "./app/bootstrap.ts";
import { openedPage } from "./boot/opening.ts";
import { langAtom } from "./features/preferences/atoms.ts";
import { initI18n, preloadTexts } from "./lib/i18n.ts";
import { nextTask } from "./lib/next-task.ts";
import { store } from "./lib/ui.ts";
import "./styles/app.css";

wireApi();
// The boot script has started the opened page's chunk and texts; the first render waits for them and the language's
// texts, so it need not suspend.
const lang = store.get(langAtom);
const opened = openedPage();
await Promise.all([initI18n(lang), opened.loaded, preloadTexts(lang, opened.route?.texts ?? [])]);
void import("./features/preferences/fiatRates.ts").then((fiat) => fiat.startFiatRefresh());
// Setting up i18next and starting the first render were one task of some 25 ms at full speed; a phone takes four times that.
await nextTask();

// A transition: React renders the first screen in slices and yields to the browser between them, so the first render
// of a large page never blocks input for long.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
