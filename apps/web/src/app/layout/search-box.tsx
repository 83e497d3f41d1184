import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon, SearchIcon } from '../../components/ui/icons.tsx';

/** The header search: submitting a non-empty query opens /search?query=… (SPEC §5). */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const urlQuery = location.pathname === '/search' ? (params.get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);

  useEffect(() => setValue(urlQuery), [urlQuery]);

  return (
    <search className={className}>
      <form
        className="relative flex h-10 w-full items-center"
        onSubmit={(event) => {
          event.preventDefault();
          const query = value.trim();
          if (!query) return;
          navigate(`/search?query=${encodeURIComponent(query)}`);
        }}
      >
        <input
          type="search"
          name="query"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
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
    </search>
  );
}
