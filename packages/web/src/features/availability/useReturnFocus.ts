import { useEffect, useState } from "react";

/**
 * Where the keyboard focus goes when an inline form closes: back to the button that opened it (by
 * element id), once the view-mode row is rendered again.
 */
export function useReturnFocus(): (elementId: string) => void {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target === null) return;
    document.getElementById(target)?.focus();
    setTarget(null);
  }, [target]);
  return setTarget;
}
