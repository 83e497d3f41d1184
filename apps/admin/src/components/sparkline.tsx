import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Filler,
  Tooltip,
);

/**
 * A small line over the last days, for a dashboard tile: its canvas has a text equivalent
 * (`label`), and the tooltip names each day's value.
 */
export function Sparkline({
  labels,
  values,
  label,
  format,
  color = '#7000ff',
}: {
  labels: string[];
  values: number[];
  label: string;
  format: (value: number) => string;
  color?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels,
        datasets: [
          {
            data: values,
            borderColor: color,
            backgroundColor: `${color}1a`,
            borderWidth: 2,
            fill: true,
            pointRadius: 0,
            pointHoverRadius: 3,
            tension: 0.3,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { display: false },
          tooltip: {
            displayColors: false,
            callbacks: { label: (item) => format(Number(item.raw)) },
          },
        },
        scales: { x: { display: false }, y: { display: false, beginAtZero: true } },
      },
    });
    return () => chart.destroy();
  }, [labels, values, color, format]);
  return (
    <div className="relative h-14">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
