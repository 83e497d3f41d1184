import { QueryObserver } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast.tsx';
import { ApiError } from '../api-client.ts';
import { createQueryClient, FOCUS_THROTTLE_MS } from '../query-client.ts';
import { toast } from '../toast.ts';

const failure = new ApiError(500, 'Serverda xatolik', 'INTERNAL');

function failingFetch(
  meta: { errorToast?: boolean } | undefined,
  { retry = 0, queryKey = ['categories', 'top'] }: { retry?: number; queryKey?: string[] } = {},
) {
  const client = createQueryClient();
  const queryFn = vi.fn(async () => {
    throw failure;
  });
  const done = client
    .fetchQuery({ queryKey, queryFn, retry, retryDelay: 0, ...(meta ? { meta } : {}) })
    .catch(() => undefined);
  return { client, queryFn, done };
}

describe('error toasts of the query cache', () => {
  let spy: MockInstance<typeof toast.error>;
  beforeEach(() => {
    spy = vi.spyOn(toast, 'error');
  });
  afterEach(() => {
    for (const result of spy.mock.results) {
      if (result.type === 'return') toast.dismiss(result.value);
    }
  });

  it("shows the server's message at the top when a catalogue fetch fails", async () => {
    render(<Toaster />);
    await act(() => failingFetch({ errorToast: true }).done);
    expect(spy).toHaveBeenCalledWith('Serverda xatolik');
    expect(screen.getByRole('alert')).toHaveTextContent('Serverda xatolik');
  });

  it('toasts once for a fetch that was retried before it gave up', async () => {
    const { queryFn, done } = failingFetch({ errorToast: true }, { retry: 2 });
    await done;
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('keeps fetches SPEC calls silent quiet', async () => {
    await failingFetch(undefined).done;
    await failingFetch({ errorToast: false }).done;
    expect(spy).not.toHaveBeenCalled();
  });

  it('says nothing about a request that was cancelled', async () => {
    const client = createQueryClient();
    const pending = client
      .fetchQuery({
        queryKey: ['categories', 'all'],
        queryFn: () => new Promise<never>(() => {}),
        meta: { errorToast: true },
      })
      .catch(() => undefined);
    await client.cancelQueries({ queryKey: ['categories', 'all'] }, { revert: false });
    await pending;
    expect(client.getQueryState(['categories', 'all'])?.status).toBe('error');
    expect(spy).not.toHaveBeenCalled();
  });

  it('says nothing about a request the browser aborted', async () => {
    await createQueryClient()
      .fetchQuery({
        queryKey: ['category', 'telefonlar'],
        queryFn: async () => {
          throw new DOMException('The operation was aborted.', 'AbortError');
        },
        retry: false,
        meta: { errorToast: true },
      })
      .catch(() => undefined);
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows one toast when several lists fail alike at once', async () => {
    const client = createQueryClient();
    const fail = (key: string) =>
      client
        .fetchQuery({
          queryKey: [key],
          queryFn: async () => {
            throw failure;
          },
          retry: false,
          meta: { errorToast: true },
        })
        .catch(() => undefined);
    await Promise.all([fail('top'), fail('famous')]);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

/** The tab going out of view and coming back, `awayMs` later by the clock. */
function leaveAndComeBack(clock: { now: number }, awayMs: number) {
  for (const state of ['hidden', 'visible'] as const) {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    if (state === 'hidden') clock.now += awayMs;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('refetching when the page comes back into view', () => {
  const clock = { now: 1_000_000 };
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockImplementation(() => clock.now);
  });
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  function watch(options: { refetchOnWindowFocus?: boolean } = {}) {
    const client = createQueryClient();
    client.mount();
    const queryFn = vi.fn(async () => 'Telefonlar');
    const observer = new QueryObserver(client, {
      queryKey: ['category', 'telefonlar'],
      queryFn,
      ...options,
    });
    const stop = observer.subscribe(() => {});
    return {
      queryFn,
      done: () => {
        stop();
        client.unmount();
      },
    };
  }

  it('refetches stale catalogue data, at most once per 5 s', async () => {
    const { queryFn, done } = watch();
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

    leaveAndComeBack(clock, 3_000);
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));

    leaveAndComeBack(clock, FOCUS_THROTTLE_MS - 1_000);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(2);

    leaveAndComeBack(clock, 1_000);
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(3));
    done();
  });

  it('leaves data that is still fresh, and queries that opt out', async () => {
    const optedOut = watch({ refetchOnWindowFocus: false });
    await waitFor(() => expect(optedOut.queryFn).toHaveBeenCalledTimes(1));
    leaveAndComeBack(clock, 60_000);
    await settle();
    expect(optedOut.queryFn).toHaveBeenCalledTimes(1);
    optedOut.done();

    clock.now += 60_000;
    const fresh = watch();
    await waitFor(() => expect(fresh.queryFn).toHaveBeenCalledTimes(1));
    leaveAndComeBack(clock, 500);
    await settle();
    expect(fresh.queryFn).toHaveBeenCalledTimes(1);
    fresh.done();
  });
});
