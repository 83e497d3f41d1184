import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Waits, after a page load, until the storefront has taken over the page the server rendered: a
 * shopper's click before that would land on markup that does not answer yet.
 */
async function untilStarted(page: Page): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await page.waitForFunction(() => document.documentElement.dataset.started === 'true', null, {
        timeout: Math.max(1, deadline - Date.now()),
      });
      return;
    } catch (error) {
      // the storefront reloads the page once to carry a saved language to the server
      if (Date.now() >= deadline || !/context was destroyed|navigat/i.test(String(error))) {
        throw error;
      }
    }
  }
}

/** Makes `goto` and `reload` of `page` resolve once the storefront has started on the page. */
export function waitForStartOnLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (response?.headers()['content-type']?.startsWith('text/html')) await untilStarted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    if (response?.headers()['content-type']?.startsWith('text/html')) await untilStarted(page);
    return response;
  };
  return page;
}

/** Playwright's test, whose page waits for the storefront to start after every load. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitForStartOnLoad(page));
  },
});
