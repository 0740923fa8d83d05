import { useEffect, useRef } from "react";

/**
 * A step's heading that takes the focus when the step appears (opening the test, Continue,
 * Start): otherwise the focus falls to the page body and a screen reader or keyboard user starts
 * from the top of the page. Give the heading tabIndex={-1}.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
