/**
 * Modules loaded on demand, each load shared by everyone asking: the boot script asks for the opened page's chunk
 * before the app's code has arrived, and the router later finds that load, or its module, under the same loader.
 * No React here: the boot script imports it.
 */
type Loader = () => Promise<unknown>;

const loads = new Map<Loader, Promise<unknown>>();
const modules = new Map<Loader, unknown>();

/** The loader's module: one load per loader; a failed load (say, a chunk after a deploy) may be tried again. */
export function loadOnce<T>(load: () => Promise<T>): Promise<T> {
  let pending = loads.get(load) as Promise<T> | undefined;
  if (!pending) {
    pending = load().then(
      (module) => {
        modules.set(load, module);
        return module;
      },
      (error: unknown) => {
        loads.delete(load);
        throw error;
      },
    );
    loads.set(load, pending);
  }
  return pending;
}

/** The loader's module if it is already in, else undefined. */
export const loadedModule = <T>(load: () => Promise<T>): T | undefined => modules.get(load) as T | undefined;
