import { lazy, useState, type ComponentType } from "react";

/**
 * A component in a chunk of its own that can be downloaded before it is shown (`preload`), and is
 * then rendered at once: React.lazy alone would show the Suspense fallback for a moment even so.
 * Render it inside a Suspense boundary for when it is shown before it arrived.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const download = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => download().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  /** Starts the download; a failure is tried again when the component is shown. */
  Preloadable.preload = (): Promise<unknown> => download().catch(() => undefined);
  return Preloadable;
}
