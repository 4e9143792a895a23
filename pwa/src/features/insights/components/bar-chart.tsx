import { useEffect, useRef } from 'react';

export interface BarSeries {
  label: string;
  data: number[];
  color: string;
}

/**
 * A bar chart drawn by Chart.js, which is fetched the first time a chart is shown (never on the
 * first visit). The canvas is an image to screen readers; the table beside it carries the figures.
 */
export function BarChart({
  title,
  labels,
  series,
  stacked = false,
}: {
  title: string;
  labels: string[];
  series: BarSeries[];
  /** Each label's bars one on top of the other (stages adding up to the whole time). */
  stacked?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('./chart-setup.ts').then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels,
          datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { position: 'bottom' } },
          scales: { x: { stacked }, y: { stacked, beginAtZero: true } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, series, stacked]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={title} data-chart={title} />
    </div>
  );
}
