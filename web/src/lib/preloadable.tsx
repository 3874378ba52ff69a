import { type ComponentType, lazy, useState } from "react";

type Module<P> = { default: ComponentType<P> };

/**
 * A component loaded on demand that can also be asked for before it renders (`preload`). Once its module is in, it
 * renders at once: React.lazy would suspend it for a turn, and a suspended render waits for React's fallback throttle
 * (some 300 ms) before it mounts and its reads start. Each mount keeps the component it started with.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (m) => (loaded = m.default),
      (error: unknown) => {
        loading = undefined; // a failed chunk load may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((Component): Module<P> => ({ default: Component })));
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return { preload, Component: Preloadable };
}
