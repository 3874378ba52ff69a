import { type ComponentType, lazy, useState } from "react";
import { loadedModule, loadOnce } from "./load-once.ts";

type Module<P> = { default: ComponentType<P> };

/**
 * A component loaded on demand whose module may be asked for before it renders (loadOnce with the same loader, as the
 * boot script does for the opened page). Once its module is in, it renders at once: React.lazy would suspend it for a
 * turn, and a suspended render waits for React's fallback throttle (some 300 ms) before it mounts and its reads start.
 * Each mount keeps the component it started with.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  const Lazy = lazy(() => loadOnce(load));
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loadedModule(load)?.default ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Preloadable;
}
