import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type DefaultedQueryObserverOptions,
  dehydrate,
  QueryClient,
  QueryClientProvider,
  skipToken,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes, loadAllPages, loadMatchedPages } from './app/router.tsx';
import { loadAllParts } from './components/deferred.tsx';
import { ApiError, setApiTransport } from './lib/api-client.ts';
import { TranslationProvider } from './lib/i18n/react.tsx';
import { createTranslator, type Translator } from './lib/i18n/translator.ts';
import { initI18n, type Language, setRequestLanguage } from './lib/i18n.ts';
import { type ServerHead, ServerRenderProvider } from './lib/render-context.ts';
import { ALL_TEXTS } from './locales/texts.ts';

export type { Language };

/** How the renderer reaches the API: in-process, with the path and the init of a fetch. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The shop's origin as the visitor reached it. */
  origin: string;
  lang: Language;
  api: ApiFetch;
}

export interface RenderResult {
  status: number;
  /** The page's markup, for inside `#root`. */
  html: string;
  head: ServerHead;
  /** The data the page was rendered from, for the browser to start with (JSON). */
  state: string;
  /** Modules (as the build manifest names them) the page's code lives in, to preload. */
  modules: string[];
}

interface RequestScope {
  lang: Language;
  api: ApiFetch;
}

const scope = new AsyncLocalStorage<RequestScope>();

setRequestLanguage(() => scope.getStore()?.lang ?? 'uz');
setApiTransport((url, init) => {
  const current = scope.getStore();
  if (!current) return Promise.reject(new Error('an API call outside a server render'));
  return current.api(url, init);
});

// code outside components (the API client's messages) answers in Uzbek; a page's components
// translate with the translator of the page's language
initI18n('uz', ALL_TEXTS.uz);
const translators: Record<Language, Translator> = {
  uz: createTranslator('uz', ALL_TEXTS.uz),
  ru: createTranslator('ru', ALL_TEXTS.ru),
};

/**
 * Every page's code and every later-hydrated part, loaded as the server starts: a request never
 * waits for a module, and a build replaced under a running server cannot break its pages.
 */
const loaded = Promise.all([loadAllPages(), loadAllParts()]);

/** Renders that are allowed to find more data to load (a product's similar products). */
const MAX_PASSES = 4;

// biome-ignore lint/suspicious/noExplicitAny: TanStack Query's own option type is generic in five parameters
type AnyQueryOptions = DefaultedQueryObserverOptions<any, any, any, any, any>;

/**
 * Notes every query a render of `client` asks for, so the server can load what was missing and
 * render again: the page's own hooks decide what it needs, nothing is listed twice.
 */
function collectQueries(client: QueryClient): Map<string, AnyQueryOptions> {
  const asked = new Map<string, AnyQueryOptions>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    const enabled = defaulted.enabled;
    if (enabled !== false && typeof enabled !== 'function' && defaulted.queryFn !== skipToken) {
      asked.set(defaulted.queryHash, defaulted as AnyQueryOptions);
    }
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return asked;
}

function isInfinite(options: AnyQueryOptions): boolean {
  return 'initialPageParam' in options;
}

async function loadMissing(
  client: QueryClient,
  asked: Map<string, AnyQueryOptions>,
): Promise<boolean> {
  const missing = [...asked.values()].filter((options) => {
    const query = client.getQueryCache().get(options.queryHash);
    return !query || (query.state.status === 'pending' && query.state.fetchStatus === 'idle');
  });
  asked.clear();
  if (missing.length === 0) return false;
  await Promise.all(
    missing.map((options) =>
      isInfinite(options)
        ? client.prefetchInfiniteQuery({ ...options, retry: false } as never)
        : client.prefetchQuery({ ...options, retry: false }),
    ),
  );
  return true;
}

/** An API error crosses to the browser as its status, code and message. */
export interface SerializedApiError {
  api_error: { status: number; code: string; message: string };
}

function dehydratedState(client: QueryClient): string {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error instanceof ApiError) {
      (query.state as { error: unknown }).error = {
        api_error: { status: error.status, code: error.code, message: error.message },
      } satisfies SerializedApiError;
    }
  }
  // "<" escaped: the JSON sits in a <script> and must not be able to close it
  return JSON.stringify(state).replaceAll('<', '\\u003c');
}

/** Renders a public page with its data, as the browser will hydrate it. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  return scope.run({ lang: request.lang, api: request.api }, async () => {
    const pathname = new URL(request.url, request.origin).pathname;
    await loaded;
    const modules = await loadMatchedPages(pathname);
    const client = new QueryClient({
      // a failed query renders as failed ("not found"), not as loading again
      defaultOptions: {
        queries: { retry: false, retryOnMount: false, staleTime: Number.POSITIVE_INFINITY },
      },
    });
    const asked = collectQueries(client);
    let head: ServerHead = {};
    let html = '';
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      head = {};
      html = renderToString(
        <StrictMode>
          <ServerRenderProvider value={{ origin: request.origin, head }}>
            <TranslationProvider value={translators[request.lang]}>
              <QueryClientProvider client={client}>
                <StaticRouter location={request.url}>
                  <AppRoutes />
                </StaticRouter>
              </QueryClientProvider>
            </TranslationProvider>
          </ServerRenderProvider>
        </StrictMode>,
      );
      if (pass === MAX_PASSES || !(await loadMissing(client, asked))) break;
    }
    const status = head.status ?? 200;
    return { status, html, head, state: dehydratedState(client), modules };
  });
}

/**
 * The signed-in and personal areas render in the browser (a server render would show them as an
 * anonymous visitor sees them); every other page, "not found" included, renders on the server.
 */
const BROWSER_ONLY =
  /^\/(basket|favorites|profile|scoring|checkout|order-detail|installment|user|return|contract)(\/|$)/;

export function rendersOnServer(pathname: string): boolean {
  return !BROWSER_ONLY.test(pathname);
}
