import '@testing-library/jest-dom/vitest';
import type { Report } from '@bozor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ReportsPage } from './reports-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// a range with nothing sold: the page draws no chart (jsdom has no canvas) but offers the file
const report: Report = {
  kind: 'sales_by_brand',
  from: '2026-03-01',
  to: '2026-03-07',
  rows: [{ key: 'none', label: 'Без бренда', values: { orders: 0, units: 0, revenue: 0 } }],
  totals: { orders: 0, units: 0, revenue: 0 },
};

function stubApi(csv: Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/admin/reports.csv') return csv;
    return new Response(JSON.stringify({ data: report }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <MemoryRouter
          initialEntries={['/reports?kind=sales_by_brand&from=2026-03-01&to=2026-03-07']}
        >
          <ReportsPage />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the reports page', () => {
  it('downloads the CSV the server writes for the report shown, in the staff member’s language', async () => {
    const file = '\ufeffБренд,Заказы,Штук,"Выручка, сум"\r\n';
    const api = stubApi(new Response(file, { headers: { 'Content-Type': 'text/csv' } }));
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(), revokeObjectURL: vi.fn() }),
    );
    vi.mocked(URL.createObjectURL).mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:report';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(names).toEqual(['bozor-sales_by_brand-2026-03-01-2026-03-07.csv']));
    const [url, init] = api.mock.calls.find(([input]) => String(input).includes('.csv')) ?? [];
    expect(String(url)).toBe(
      '/api/admin/reports.csv?kind=sales_by_brand&from=2026-03-01&to=2026-03-07',
    );
    expect(init?.headers).toMatchObject({ lang: 'ru' });
    // the byte order mark too, which Excel needs to read the file as UTF-8
    const bytes = await saved[0]!.arrayBuffer();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(file);
  });

  it('says why when the server refuses the file', async () => {
    stubApi(
      new Response(JSON.stringify({ message: 'Недостаточно прав', code: 'STAFF_FORBIDDEN' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Скачать CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Недостаточно прав');
  });
});
