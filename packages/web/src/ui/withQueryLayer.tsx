import type { ComponentType } from "react";

/**
 * A lazily loaded part that reads through react-query, for a screen that goes without it (the
 * test page: app/router.tsx `queries: false`): the part's code and react-query's layer
 * (api/queries.tsx) download together, and the part is drawn inside that layer.
 */
export function withQueryLayer<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<{ default: ComponentType<P> }> {
  return () =>
    Promise.all([load(), import("../api/queries")]).then(([Part, { QueryLayer }]) => ({
      default: (props: P) => (
        <QueryLayer>
          <Part {...props} />
        </QueryLayer>
      ),
    }));
}
