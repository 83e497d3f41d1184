import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECENT_KEY, rememberSearch, useRecentSearches, withRecent } from '../recent-searches.ts';
import { useDebounced } from '../use-debounced.ts';

describe('recent searches', () => {
  afterEach(() => localStorage.clear());

  it('adds a new query first, skips duplicates and keeps five', () => {
    let list: string[] = [];
    for (const q of ['a', 'b', 'a', 'c', 'd', 'e', 'f']) list = withRecent(list, q);
    expect(list).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(withRecent(['x'], '   ')).toEqual(['x']);
  });

  it('is kept under querySearch and read live', () => {
    const { result } = renderHook(() => useRecentSearches());
    act(() => rememberSearch(' televizor '));
    expect(result.current).toEqual(['televizor']);
    expect(JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')).toEqual(['televizor']);
  });
});

describe('the search pause', () => {
  it('settles one second after the last change', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebounced(v), {
      initialProps: { v: '' },
    });
    rerender({ v: 'tel' });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe('');
    rerender({ v: 'tele' });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('tele');
    vi.useRealTimers();
  });
});
