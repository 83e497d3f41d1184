import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCanvas } from './chart.tsx';

afterEach(cleanup);

describe('a chart on a canvas', () => {
  it('is an image named by its text equivalent, in a box of the height asked for', () => {
    // jsdom draws nothing: chart.js is left without a context and says so
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ChartCanvas
        config={{ type: 'line', data: { labels: ['1 ноя'], datasets: [{ data: [3] }] } }}
        label="Выручка по дням"
        className="h-14"
      />,
    );
    const chart = screen.getByRole('img', { name: 'Выручка по дням' });
    expect(chart.tagName).toBe('CANVAS');
    expect(chart.parentElement).toHaveClass('relative', 'h-14');
  });
});
