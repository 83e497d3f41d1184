import './fonts.css';
import './styles.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadMatchedPages } from './app/router.tsx';
import { loadAllParts } from './components/deferred.tsx';
import type { SerializedApiError } from './entry-server.tsx';
import { ApiError } from './lib/api-client.ts';
import {
  DEFAULT_LANGUAGE,
  initI18n,
  isLanguage,
  LANG_COOKIE,
  type Language,
  loadTexts,
  rememberLanguage,
  storedLanguage,
} from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

function cookieLanguage(): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LANG_COOKIE}=`))
    ?.slice(LANG_COOKIE.length + 1);
}

/**
 * The language to show: the one the server rendered in (from the address's `?lang=` or the
 * cookie), saved for the next pages. A language saved in this browser that the server did not
 * know of (no cookie yet) is sent along by reloading once.
 */
function pageLanguage(): Language | 'reload' {
  const served = document.documentElement.lang;
  const rendered: Language = isLanguage(served) ? served : DEFAULT_LANGUAGE;
  const asked = new URLSearchParams(window.location.search).get('lang');
  const saved = storedLanguage();
  if (!isLanguage(asked) && saved && saved !== rendered && cookieLanguage() !== saved) {
    rememberLanguage(saved);
    return 'reload';
  }
  rememberLanguage(rendered);
  return rendered;
}

/** The server's data, with errors made ApiErrors again and counted as fresh from now. */
function serverState(): DehydratedState | undefined {
  const script = document.getElementById('bozor-state');
  if (!script?.textContent) return undefined;
  const state = JSON.parse(script.textContent) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) {
    const error = query.state.error as Partial<SerializedApiError> | null;
    if (error?.api_error) {
      const { status, message, code } = error.api_error;
      query.state.error = new ApiError(status, message, code);
    }
    // the page was just rendered from this data: it is as fresh as the page
    query.state.dataUpdatedAt = now;
  }
  return state;
}

async function start(): Promise<void> {
  const lang = pageLanguage();
  if (lang === 'reload') {
    window.location.reload();
    return;
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  initI18n(lang, await loadTexts(lang));
  const queryClient = createQueryClient();
  const state = serverState();
  if (state) {
    hydrate(queryClient, state);
    // what failed on the server (a product not found) shows as failed, as the server drew it,
    // instead of loading again while the page hydrates
    for (const query of state.queries) {
      if (query.state.status === 'error') {
        queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
      }
    }
  }
  await loadMatchedPages(window.location.pathname);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
      <MarkStarted />
    </StrictMode>
  );
  if (state) {
    // as a transition the hydration yields to the browser every few milliseconds instead of
    // holding a phone's main thread for the whole page; a tap on a part not hydrated yet makes
    // React hydrate that part at once
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
}

/**
 * Marks the page as the storefront's once the first render (or the hydration of the server's
 * page) is committed and the code of its parts has come: its effects run after every
 * component's above it, so from then on every button answers. `hydrateRoot` only schedules the
 * hydration, which yields to the browser while it runs, and it leaves a part of the page (the
 * home page's product cards) as the server drew it until the part's code has come, when a click
 * on it is dropped rather than replayed; a click in either gap could land on markup that does
 * not answer yet (the buttons marked `data-early-action` keep such taps).
 */
function MarkStarted(): null {
  useEffect(() => {
    const started = () => {
      document.documentElement.dataset.started = 'true';
    };
    // a part whose code failed shows the server's markup; the page has started all the same
    loadAllParts().then(started, started);
  }, []);
  return null;
}

void start();
