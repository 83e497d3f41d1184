import type { Question } from '@bozor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FaqPage } from '../components/faq-page.tsx';

const questions: Question[] = [
  {
    id: 1,
    question: 'Oldindan to‘lov kerakmi?',
    answer: 'Agar buyurtma summasi limitingizdan oshmasa, oldindan to‘lov shart emas.',
  },
  { id: 2, question: 'Muddatidan oldin to‘lasam bo‘ladimi?', answer: 'Ha, istalgan vaqtda.' },
];

describe('the FAQ page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows placeholders, then each question closed until it is opened', async () => {
    stubApi({ '/api/questions': { data: questions } });
    renderWithProviders(<FaqPage />);
    expect(screen.getByRole('heading', { name: "Ko'p beriladigan savollar" })).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();

    const list = await screen.findByTestId('questions');
    const first = within(list).getByText('Oldindan to‘lov kerakmi?');
    const details = first.closest('details');
    expect(details).not.toHaveAttribute('open');

    await userEvent.setup().click(first);
    expect(details).toHaveAttribute('open');
    expect(within(details as HTMLElement).getByText(/limitingizdan oshmasa/)).toBeVisible();
    expect(document.title).toBe("Ko'p beriladigan savollar — Bozor");
  });

  it('says there are no questions yet and leads home', async () => {
    stubApi({ '/api/questions': { data: [] } });
    renderWithProviders(<FaqPage />);
    expect(await screen.findByText("Hozircha savollar yo'q")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bosh sahifaga' })).toHaveAttribute('href', '/');
  });

  it('offers to try again when the questions cannot load', async () => {
    let failing = true;
    stubApi({
      '/api/questions': () =>
        failing
          ? { status: 500, body: { message: 'Savollarni olib bo‘lmadi', code: 'INTERNAL' } }
          : { status: 200, body: { data: questions } },
    });
    renderWithProviders(<FaqPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Savollarni olib bo‘lmadi');

    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText('Muddatidan oldin to‘lasam bo‘ladimi?')).toBeInTheDocument();
  });
});
