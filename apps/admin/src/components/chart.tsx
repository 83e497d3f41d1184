import {
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { cn } from './ui.tsx';

// what every chart here draws with; a chart registers what only it needs (bars, a fill)
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);

/**
 * A chart.js chart on a canvas with a text equivalent (`label`), in a box as tall as
 * `className` says: it fills the box, never animates, and its tooltip names every series at
 * the hovered label. Drawn again whenever `config` changes, so keep it memoised.
 */
export function ChartCanvas({
  config,
  label,
  className,
}: {
  config: ChartConfiguration<'line' | 'bar'>;
  label: string;
  className: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      ...config,
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        ...config.options,
      },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className={cn('relative', className)}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
