import '@testing-library/jest-dom/vitest';
import type { AdminScoringFile } from '@bozor/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsStaff, retype } from '../../test/support.tsx';
import { DecideForm } from './review-page.tsx';

/** A file in review whose rules allow 1 000 000 to 10 000 000 sum in steps of 100 000. */
const file = {
  customer_id: 42,
  allowance: {
    income: 8_000_000,
    refusal: null,
    max_limit: 10_000_000,
    min_limit: 1_000_000,
    limit_step: 100_000,
    caps: { debt_service: 12_000_000, total_credit: 40_000_000, first_limit: 10_000_000 },
    binding: ['first_limit'],
    longest_tariff: null,
  },
} as unknown as AdminScoringFile;

let sent: { url: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // the writes, not the CSRF token asked for first
      if (init?.method === 'POST') {
        sent.push({ url: String(url), body: JSON.parse(String(init.body)) });
      }
      const data = String(url).endsWith('/csrf') ? { csrf_token: 'csrf' } : file;
      return new Response(JSON.stringify({ message: '', data }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  renderAsStaff(<DecideForm file={file} />, { role: 'credit_officer', path: '/scoring/42' });
  return screen.getByRole('textbox', { name: 'Лимит, сум' });
}

describe("the scoring decision's limit", () => {
  it('offers the largest allowed in groups of three and sends it as a number', async () => {
    const user = userEvent.setup();
    const field = renderForm();
    expect(field).toHaveValue('10 000 000');
    await user.click(screen.getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: '/api/admin/scoring/42/approve', body: { limit: 10_000_000 } });
  });

  it('groups what is typed or pasted once the field is left', async () => {
    const user = userEvent.setup();
    const field = renderForm();
    await retype(user, field, '2500000');
    expect(field).toHaveValue('2 500 000');
    await retype(user, field, '3\u00a0000\u00a0000 сум', { paste: true });
    expect(field).toHaveValue('3 000 000');
    await user.click(screen.getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ limit: 3_000_000 });
  });

  it('checks the range and the step on the grouped sum, sending nothing', async () => {
    const user = userEvent.setup();
    const field = renderForm();
    await retype(user, field, '2 550 000', { leave: false });
    await user.click(screen.getByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByText('Лимит должен быть кратен 100 000')).toBeVisible();
    await retype(user, field, '12 000 000');
    expect(await screen.findByText('Лимит должен быть от 1 000 000 до 10 000 000')).toBeVisible();
    await retype(user, field, '1e7');
    expect(await screen.findByText('Лимит должен быть от 1 000 000 до 10 000 000')).toBeVisible();
    expect(sent).toEqual([]);
  });
});
