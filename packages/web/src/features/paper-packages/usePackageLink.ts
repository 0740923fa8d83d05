import { useEffect, useState } from "react";
import { paperPackageRoutes, paperPollDelayMs, type DownloadLink } from "@parlance/contract";
import { call } from "../../api/client";

export type PackageLinkState =
  | { kind: "waiting"; attempt: number }
  | { kind: "ready"; link: DownloadLink }
  /** Not ready after every check of the schedule, the job gave up, or the key is unknown. */
  | { kind: "failed" };

/**
 * Polls get_download_link by the spec's schedule (contract paper/polling.ts: at once, then every
 * 5 s for 60 checks, then 6 more checks 10 to 35 s apart) until the package's PDF is ready. A
 * check that fails on the network counts as an attempt; a 4xx answer (no such package) ends it.
 */
export function usePackageLink(groupKey: string): PackageLinkState {
  const [state, setState] = useState<PackageLinkState>({ kind: "waiting", attempt: 0 });
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ kind: "waiting", attempt: 0 });
    const check = async (attempt: number) => {
      setState({ kind: "waiting", attempt });
      try {
        const link = await call(paperPackageRoutes.getDownloadLink, { group_key: groupKey }, undefined, { signal: controller.signal, timeoutMs: 20_000 });
        if (link.status === "ready") return setState({ kind: "ready", link });
        if (link.status === "failed") return setState({ kind: "failed" });
      } catch (err) {
        if (controller.signal.aborted) return;
        const status = (err as { status?: number }).status ?? 0;
        if (status >= 400 && status < 500) return setState({ kind: "failed" });
      }
      const delay = paperPollDelayMs(attempt + 1);
      if (delay === null) return setState({ kind: "failed" });
      timer = setTimeout(() => void check(attempt + 1), delay);
    };
    void check(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [groupKey]);
  return state;
}
