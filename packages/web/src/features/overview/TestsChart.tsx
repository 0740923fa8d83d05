import { useEffect, useRef } from "react";
import { BarChart, type BarChartData, type BarChartOptions } from "chartist";
import "chartist/dist/index.css";
import classes from "./TestsChart.module.css";

/**
 * A bar chart drawn by Chartist (SVG). Its own chunk (the overview loads it lazily), so the
 * library never weighs on the first screen. The drawing is hidden from assistive technology:
 * the same numbers are in the table beside it, and the figure is named by its caption.
 */
export default function TestsChart({ data, options, label }: { data: BarChartData; options?: BarChartOptions; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = new BarChart(box.current, data, { height: 220, axisY: { onlyInteger: true }, seriesBarDistance: 14, ...options });
    return () => void chart.detach();
  }, [data, options]);
  return <div ref={box} className={classes.chart} role="img" aria-label={label} />;
}

