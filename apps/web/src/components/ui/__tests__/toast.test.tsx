import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS, Toaster, toast } from '../toast.tsx';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps at most three, dropping the oldest', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.success(`saved ${n}`);
    });
    expect(screen.getAllByRole('status')).toHaveLength(MAX_TOASTS);
    expect(screen.queryByText('saved 1')).not.toBeInTheDocument();
    expect(screen.getByText('saved 4')).toBeInTheDocument();
  });

  it('announces errors as alerts and hides them after 2 seconds', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Xatolik');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Xatolik');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
