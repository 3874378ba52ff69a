import { migrateStorage } from "../lib/persist.ts";

// Runs before any module creates a persisted atom (atoms read storage when created),
// so main.tsx imports this first.
migrateStorage();
