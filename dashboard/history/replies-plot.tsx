import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RepliesDay } from '../../core/schemas/history';

const HEIGHT = 220;
const DAY_SECONDS = 86_400;

/** The chart's series colours: the dashboard's own (read from its CSS custom properties). */
function colour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** uPlot's columns: day (UTC midnight, seconds), then the three counts. */
function columns(days: readonly RepliesDay[]): uPlot.AlignedData {
  return [
    days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
    days.map((day) => day.attending),
    days.map((day) => day.declined),
    days.map((day) => day.pending),
  ];
}

/**
 * The uPlot line chart of replies by day, as wide as its box (it follows resizes). Days are
 * shown in UTC, since each point already is a day of the occasion's calendar. The chunk that
 * holds this file also holds uPlot and its stylesheet (a `<link>`, which the CSP allows).
 */
export default function RepliesPlot({ days }: { days: readonly RepliesDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current!;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true, range: (_, min, max) => (min === max ? [min - DAY_SECONDS, max + DAY_SECONDS] : [min, max]) } },
      axes: [{}, { size: 40 }],
      series: [
        {},
        { label: 'Attending', stroke: colour('--ok', '#2e7d32'), width: 2, points: { show: days.length < 60 } },
        { label: 'Declined', stroke: colour('--danger', '#c62828'), width: 2, points: { show: days.length < 60 } },
        { label: 'Pending', stroke: colour('--muted', '#777777'), width: 2, dash: [6, 4], points: { show: days.length < 60 } },
      ],
    };
    const plot = new uPlot(options, columns(days), element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} data-testid="replies-plot" />;
}
