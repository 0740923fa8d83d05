import { useEffect, useRef, useState } from "react";
import { takingRoutes } from "@parlance/contract";
import { call } from "../../../api/client";
import type { ClockReading } from "./clock";

/** Spec §4/§9: the keepalive every 60 s during a test, tried again 5 s after a failure. */
export const HEARTBEAT_MS = 60_000;
export const HEARTBEAT_RETRY_MS = 5_000;

/** Sends POST /api/heartbeat while a test is in progress; answers the server's latest time reading. */
export function useHeartbeat(assignedTestId: number, enabled: boolean): ClockReading | null {
  const [reading, setReading] = useState<ClockReading | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const beat = async () => {
      let wait = HEARTBEAT_MS;
      try {
        const out = await call(takingRoutes.heartbeat, { id: assignedTestId });
        if (out.remaining !== null) setReading({ remainingMs: out.remaining, at: Date.now() });
      } catch {
        // The network is down or the server is restarting: try again soon, quietly (the save indicator tells the candidate).
        wait = HEARTBEAT_RETRY_MS;
      }
      if (!stopped) timer.current = setTimeout(() => void beat(), wait);
    };
    timer.current = setTimeout(() => void beat(), HEARTBEAT_MS);
    return () => {
      stopped = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [assignedTestId, enabled]);

  return reading;
}
