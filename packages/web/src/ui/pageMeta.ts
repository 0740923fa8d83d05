import { useEffect } from "react";

const PRODUCT = "Parlance";

/** Sets the browser tab title to "<page> – Parlance" while the page is shown. */
export function usePageMeta({ title }: { title: string }) {
  useEffect(() => {
    document.title = title ? `${title} – ${PRODUCT}` : PRODUCT;
    return () => {
      document.title = PRODUCT;
    };
  }, [title]);
}
