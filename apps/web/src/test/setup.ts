import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { clearToasts } from '../lib/toast.ts';
import { ALL_TEXTS } from '../locales/texts.ts';
import { takeContractViolations } from './fetch.ts';
import { signOutForTest } from './session.ts';

initI18n('uz', ALL_TEXTS.uz);

// a page loaded on first use can take more than the default second to appear while CI runs the
// journeys and the API tests beside these (seen: the basket page in `router.test.tsx`)
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the observers and media queries the carousels use
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// the test files of a worker share its modules (vitest.config.ts): what a module keeps — the
// session's cache, the toasts shown — is reset after each test, as the page's reload would
afterEach(() => {
  cleanup();
  localStorage.clear();
  signOutForTest();
  clearToasts();
  const violations = takeContractViolations();
  if (violations.length > 0) {
    throw new Error(`Fetch stubs answered what the API cannot:\n${violations.join('\n')}`);
  }
});
