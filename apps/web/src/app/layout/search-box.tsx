import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon, SearchIcon } from '../../components/ui/icons.tsx';
import { rememberSearch } from '../../features/search/recent-searches.ts';
import { useDebounced } from '../../features/search/use-debounced.ts';
import { type SearchEntry, useSearchEntries } from '../../features/search/use-search-entries.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';

/** The suggestions' code comes with the first time the search box opens them. */
const SearchDropdown = lazy(() =>
  import('../../features/search/components/search-dropdown.tsx').then((m) => ({
    default: m.SearchDropdown,
  })),
);

/**
 * The header search (SPEC §2, §4, §5): suggestions a second after typing stops, recent searches
 * and recommended products; submitting a non-empty query opens /search?query=…. The input is an
 * ARIA combobox: the arrow keys walk the dropdown's entries and Enter opens the highlighted one.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const urlQuery = location.pathname === '/search' ? (params.get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const listboxId = useId();
  const settled = useDebounced(value.trim());
  const query = value.trim() ? settled : '';
  const { suggestions, groups, entries } = useSearchEntries(query, open);
  const activeIndex = entries.findIndex((entry) => entry.key === activeKey);
  const active = entries[activeIndex];
  const optionId = (entry: SearchEntry) => `${listboxId}-${entry.key}`;
  const activeId = open && active ? optionId(active) : undefined;

  useEffect(() => setValue(urlQuery), [urlQuery]);
  // navigating anywhere closes the dropdown
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) setActiveKey(null);
  }, [open]);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const go = (query: string) => {
    const q = query.trim();
    if (!q) return;
    rememberSearch(q);
    setOpen(false);
    navigate(`/search?query=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (entries.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = activeIndex === -1 ? (step === 1 ? -1 : entries.length) : activeIndex;
      setActiveKey(entries[(from + step + entries.length) % entries.length]?.key ?? null);
    } else if (event.key === 'Enter' && open && active) {
      event.preventDefault();
      if (active.kind === 'recent') {
        go(active.query);
      } else {
        setOpen(false);
        navigate(active.to);
      }
    } else if (event.key === 'Escape' && open) {
      // keeps the typed text: a search input would otherwise clear itself on Escape
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <search
      ref={root}
      className={`relative ${className ?? ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <form
        className="relative flex h-10 w-full items-center"
        onSubmit={(event) => {
          event.preventDefault();
          go(value);
        }}
      >
        <input
          type="search"
          name="query"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={activeId}
          autoComplete="off"
          enterKeyHint="search"
          className="h-full w-full min-w-0 rounded-[10px] border border-line bg-page pr-20 pl-3.5 text-sm text-ink placeholder:text-muted focus:border-primary focus:bg-white focus:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            onClick={() => setValue('')}
            aria-label={t('search.clear')}
            className="absolute right-11 grid size-8 place-items-center rounded-full text-muted hover:bg-black/5"
          >
            <CloseIcon className="size-4" />
          </button>
        )}
        <button
          type="submit"
          aria-label={t('search.submit')}
          className="absolute right-1 grid h-8 w-9 place-items-center rounded-[8px] text-muted hover:bg-black/5 hover:text-primary"
        >
          <SearchIcon className="size-5" />
        </button>
      </form>
      {open && (
        <Suspense fallback={null}>
          <SearchDropdown
            query={query}
            suggestions={suggestions}
            groups={groups}
            listboxId={listboxId}
            optionId={optionId}
            activeKey={active?.key ?? null}
            onPick={go}
            onFollow={() => setOpen(false)}
          />
        </Suspense>
      )}
    </search>
  );
}
