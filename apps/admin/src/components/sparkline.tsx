import { Chart, type ChartConfiguration, Filler } from 'chart.js';
import { useMemo } from 'react';
import { ChartCanvas } from './chart.tsx';

Chart.register(Filler);

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
  const config = useMemo<ChartConfiguration<'line'>>(
    () => ({
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
        plugins: {
          legend: { display: false },
          tooltip: {
            displayColors: false,
            callbacks: { label: (item) => format(Number(item.raw)) },
          },
        },
        scales: { x: { display: false }, y: { display: false, beginAtZero: true } },
      },
    }),
    [labels, values, color, format],
  );
  return <ChartCanvas config={config} label={label} className="h-14" />;
}
