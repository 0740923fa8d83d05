import { useEffect, useState } from "react";
import { deadlineFrom, remainingAt, type ClockReading } from "./clock";

/** Milliseconds left by the newest server reading, ticking every second; null when untimed. */
export function useCountdown(reading: ClockReading | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!reading) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [reading]);
  if (!reading) return null;
  return remainingAt(deadlineFrom(reading.remainingMs, reading.at), Math.max(now, reading.at));
}
