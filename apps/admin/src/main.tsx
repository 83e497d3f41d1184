import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { ApiError, whenSignedOut } from './lib/api.ts';
import { I18nProvider, storedLanguage } from './lib/i18n.tsx';
import { SESSION_KEY } from './lib/session.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // a refusal is an answer: only a lost connection or a server error is asked again
      retry: (count, error) =>
        count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: true,
    },
  },
});

// a session that ended (expired, revoked) shows the sign-in, whatever page asked
whenSignedOut(() => queryClient.setQueryData(SESSION_KEY, null));
document.documentElement.lang = storedLanguage();

/** Marks the page started once React has committed it: browser journeys wait for it. */
function MarkStarted() {
  useEffect(() => {
    document.documentElement.dataset.started = 'true';
  }, []);
  return null;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <MarkStarted />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
