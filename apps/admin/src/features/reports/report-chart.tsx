import { BarController, BarElement, Chart, type ChartConfiguration, Legend } from 'chart.js';
import { useMemo } from 'react';
import { ChartCanvas } from '../../components/chart.tsx';

Chart.register(BarController, BarElement, Legend);

const COLORS = ['#7000ff', '#16a34a', '#f59e0b', '#dc2626'];

export interface ChartSeries {
  label: string;
  values: number[];
}

/**
 * A report's chart: a line over days, bars over categories, brands or tariffs. The canvas has a
 * text equivalent (`label`); the table under it carries every figure.
 */
export function ReportChart({
  type,
  labels,
  series,
  label,
  format,
}: {
  type: 'line' | 'bar';
  labels: string[];
  series: ChartSeries[];
  label: string;
  format: (value: number) => string;
}) {
  const config = useMemo<ChartConfiguration<'line' | 'bar'>>(
    () => ({
      type,
      data: {
        labels,
        datasets: series.map((s, i) => {
          const color = COLORS[i % COLORS.length] ?? '#7000ff';
          return {
            label: s.label,
            data: s.values,
            borderColor: color,
            backgroundColor: type === 'bar' ? `${color}cc` : `${color}1a`,
            borderWidth: 2,
            pointRadius: labels.length > 40 ? 0 : 2,
            tension: 0.25,
          };
        }),
      },
      options: {
        plugins: {
          legend: { display: series.length > 1, position: 'bottom' },
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` },
          },
        },
        scales: {
          x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true } },
          y: { beginAtZero: true, ticks: { callback: (value) => format(Number(value)) } },
        },
      },
    }),
    [type, labels, series, format],
  );
  return <ChartCanvas config={config} label={label} className="h-72" />;
}
