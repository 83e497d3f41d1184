import '@testing-library/jest-dom/vitest';
import type { AdminBanner, AdminQuestion } from '@bozor/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/api.ts';
import { closeDialogWith, modalDialogs, renderOverApi, screenOf } from '../../test/support.tsx';
import { BannersPage } from './banners-page.tsx';
import { FaqPage } from './faq-page.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const question: AdminQuestion = {
  id: 3,
  question_uz: 'Qanday to‘layman?',
  question_ru: 'Как оплатить?',
  answer_uz: 'Karta bilan',
  answer_ru: 'Картой',
  is_published: false,
  position: 1,
} as AdminQuestion;

/** The questions' page over `question`, each change of it answered `message`. */
function renderFaq(message: string) {
  screenOf(1440);
  return renderOverApi(
    <FaqPage />,
    { role: 'content_manager', path: '/content/faq' },
    {
      'GET /questions': ok({ data: [question] }),
      'PATCH /questions/3': ({ body }) =>
        ok({ message, data: { ...question, ...(body as object) } }),
    },
  );
}

describe('the ordered content pages', () => {
  it('list the questions, a hidden one muted, and publish one with its switch', async () => {
    const { api, user } = renderFaq('Опубликовано');
    const grid = await screen.findByRole('table', { name: 'Вопросы' });
    const [, row] = within(grid).getAllByRole('row');
    expect(row).toHaveClass('text-muted');
    expect(within(row!).getByText('Как оплатить?')).toBeVisible();
    expect(within(row!).getByText('Qanday to‘layman?')).toBeVisible();
    expect(within(row!).getByText('Черновик')).toBeVisible();
    await user.click(within(row!).getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByText('Опубликовано')).toBeVisible();
    expect(api.bodiesOf('PATCH /questions/3')).toEqual([{ is_published: true }]);
  });

  it("change a question in its form, starting from the row's words and sending them trimmed", async () => {
    const { api, user } = renderFaq('Сохранено');
    await user.click(await screen.findByRole('button', { name: 'Изменить: Как оплатить?' }));
    const dialog = screen.getByRole('dialog', { name: 'Вопрос' });
    expect(within(dialog).getByLabelText('Ответ (ru)')).toHaveValue('Картой');
    await user.type(within(dialog).getByLabelText('Ответ (ru)'), ' или наличными  ');
    await closeDialogWith(user, within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(api.bodiesOf('PATCH /questions/3')).toEqual([
      {
        question_uz: 'Qanday to‘layman?',
        question_ru: 'Как оплатить?',
        answer_uz: 'Karta bilan',
        answer_ru: 'Картой или наличными',
        is_published: false,
      },
    ]);
  });

  it("show a banner's times in Tashkent in its form and send them back with the zone", async () => {
    screenOf(1440);
    const banner = {
      id: 5,
      title_uz: 'Chegirma',
      title_ru: 'Скидки',
      subtitle_uz: '',
      subtitle_ru: '',
      image: '/media/u/0123456789abcdef0123456789abcdef',
      image_mobile: null,
      link: '/sale',
      color: '#1F6FEB',
      starts_at: '2026-12-01T04:00:00.000Z',
      ends_at: null,
      is_active: true,
      state: 'scheduled',
      position: 1,
    } as unknown as AdminBanner;
    const { api, user } = renderOverApi(
      <BannersPage />,
      { role: 'content_manager', path: '/content/banners' },
      {
        'GET /banners': ok({ data: [banner] }),
        'PATCH /banners/5': ok({ message: 'Сохранено', data: banner }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Изменить: Скидки' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Начало показа')).toHaveValue('2026-12-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.count('PATCH /banners/5')).toBe(1));
    expect(api.bodiesOf('PATCH /banners/5')[0]).toMatchObject({
      starts_at: '2026-12-01T09:00:00+05:00',
      ends_at: null,
      image_mobile: null,
      link: '/sale',
    });
  });
});
