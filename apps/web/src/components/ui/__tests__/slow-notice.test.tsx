import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_LOADING_MS, SlowNotice } from '../slow-notice.tsx';

const SLOW_TEXT = "Yuklanish davom etmoqda… Internet aloqasi sekin ko'rinadi";

describe('the slow-loading notice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says nothing for the first 3 seconds of a wait, then says the connection is slow', () => {
    render(<SlowNotice waiting />);
    const region = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(SLOW_LOADING_MS - 1));
    expect(region).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1));
    expect(region).toHaveTextContent(SLOW_TEXT);
  });

  it('goes away when the wait ends, and counts a new wait from the start', () => {
    const { rerender } = render(<SlowNotice waiting />);
    act(() => vi.advanceTimersByTime(SLOW_LOADING_MS));
    expect(screen.getByRole('status')).toHaveTextContent(SLOW_TEXT);

    rerender(<SlowNotice waiting={false} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    rerender(<SlowNotice waiting />);
    act(() => vi.advanceTimersByTime(SLOW_LOADING_MS - 1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
