import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";

/** A localStorage for Node, holding what a visitor's browser has stored. */
function storageOf(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

type Atoms = typeof import("../../web/src/features/preferences/atoms.ts");

/** The preference as a first render reads it: persisted atoms read storage once, when their module is evaluated. */
async function read<K extends "langAtom" | "themeAtom" | "colorsAtom">(entries: Record<string, string>, name: K) {
  (globalThis as { localStorage?: Storage }).localStorage = storageOf(entries);
  vi.resetModules();
  const atoms: Atoms = await import("../../web/src/features/preferences/atoms.ts");
  return createStore().get(atoms[name]);
}

describe("stored preferences the app cannot use read as their defaults", () => {
  it("a language code the app has no texts for (it stopped the app before its first render) reads as English", async () => {
    expect(await read({ lang: JSON.stringify("es") }, "langAtom")).toBe("en");
    expect(await read({ lang: "not json" }, "langAtom")).toBe("en");
  });

  it("a known language, theme and colour choice are kept", async () => {
    expect(await read({ lang: JSON.stringify("spa") }, "langAtom")).toBe("spa");
    expect(await read({ theme: JSON.stringify("light") }, "themeAtom")).toBe("light");
    expect(await read({ colors: JSON.stringify("red-up") }, "colorsAtom")).toBe("red-up");
  });

  it("an unknown theme or colour choice reads as the default", async () => {
    expect(await read({ theme: JSON.stringify("neon") }, "themeAtom")).toBe("dark");
    expect(await read({ colors: JSON.stringify(3) }, "colorsAtom")).toBe("green-up");
  });
});

describe("a persisted value is one object until its stored text changes", () => {
  it("the first reader's mount does not turn a written list into a new, equal one (every reader rendered again)", async () => {
    (globalThis as { localStorage?: Storage }).localStorage = storageOf({});
    vi.resetModules();
    const { fiatsAtom } = await import("../../web/src/features/preferences/atoms.ts");
    const store = createStore();
    const rates = [{ currency_code: "EUR" as const, rate: "0.92" }];
    store.set(fiatsAtom, rates);
    const seen: unknown[] = [];
    const stop = store.sub(fiatsAtom, () => seen.push(store.get(fiatsAtom)));
    expect(store.get(fiatsAtom)).toBe(rates);
    expect(seen).toEqual([]);
    // Another tab's write (new text) is still read.
    localStorage.setItem("fiats", JSON.stringify([{ currency_code: "JPY", rate: "150" }]));
    stop();
    const again = store.sub(fiatsAtom, () => {});
    expect(store.get(fiatsAtom)).toEqual([{ currency_code: "JPY", rate: "150" }]);
    again();
  });
});
