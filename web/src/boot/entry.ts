import { migrateStorage } from "../lib/storage-version.ts";
import { nextTask } from "../lib/next-task.ts";
import { startOpening } from "./opening.ts";

// The app's entry, kept to a few kilobytes: it starts the opened page's downloads (boot/opening.ts), then runs the app,
// whose chunk index.html already asks for. The reset rule runs first: persisted atoms read storage when they are made,
// and the early reads send the stored session.
migrateStorage();
startOpening(location.hash, localStorage);
// The libraries first, then the app in a task of its own (boot/libraries.ts says why).
void import("./libraries.ts").then(() => nextTask()).then(() => import("../main.tsx"));
