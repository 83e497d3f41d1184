import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS, toast } from '../../../lib/toast.ts';
import { Toaster } from '../toast.tsx';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // every toast of the test hides, so the next one starts with none
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    vi.useRealTimers();
  });

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

  it("shows a warning, SPEC's default kind, in the warning colour", () => {
    render(<Toaster />);
    act(() => {
      toast.warning('Mahsulot tugadi');
    });
    expect(screen.getByRole('status')).toHaveClass('bg-warning');
  });

  it('stacks below the sticky header, clear of the logo and the search box', () => {
    const header = document.createElement('header');
    header.setAttribute('data-sticky-header', '');
    header.getBoundingClientRect = () => ({ bottom: 97 }) as DOMRect;
    document.body.append(header);
    render(<Toaster />);
    act(() => {
      toast.success('saved');
    });
    expect(screen.getByTestId('toasts')).toHaveStyle({ top: '105px' });
    header.remove();
  });
});
