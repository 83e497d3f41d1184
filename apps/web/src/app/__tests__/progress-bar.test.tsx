import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_LOADING_MS } from '../../components/ui/slow-notice.tsx';
import { ProgressBar } from '../progress-bar.tsx';

const SLOW_TEXT = "Yuklanish davom etmoqda… Internet aloqasi sekin ko'rinadi";

/** A page whose data never comes. */
function WaitingPage() {
  useQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => {}) });
  return null;
}

describe('the progress bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says the connection is slow when a page is still loading after 3 seconds', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProgressBar />
        <WaitingPage />
      </QueryClientProvider>,
    );
    // the query starts fetching
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLOW_LOADING_MS - 1));
    expect(screen.queryByText(SLOW_TEXT)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent(SLOW_TEXT);
  });
});
