import '@testing-library/jest-dom/vitest';
import type { AdminReview, StaffRole } from '@bozor/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubApi } from '../../test/api.ts';
import { modalDialogs, renderAsStaff, screenOf } from '../../test/support.tsx';
import { ReviewsPage } from './reviews-page.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pending: AdminReview = {
  id: 5,
  status: 'pending',
  rating: 4,
  pros: 'Tez',
  cons: '',
  comment: 'Telefonim 901234567',
  photos: ['/media/u/0123456789abcdef0123456789abcdef'],
  reject_reason: null,
  answer: null,
  customer: { id: 7, phone: '998901234567' },
  product: { id: 3, slug: 'galaxy', name: 'Samsung Galaxy A55' },
  order_id: 40,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  moderated_at: null,
};

function renderAs(role: StaffRole) {
  return renderAsStaff(<ReviewsPage />, { role, path: '/reviews' });
}

describe('reviews moderation', () => {
  it('lists the pending reviews with their words and photos, and publishes one', async () => {
    screenOf(1440);
    let published = false;
    const { calls } = stubApi({
      'GET /reviews/settings': ok({ data: { publish_at_once: false } }),
      'GET /reviews': () => ok(pageOf(published ? [] : [pending])),
      'POST /reviews/5/approve': () => {
        published = true;
        return ok({ message: 'ok', data: { ...pending, status: 'published' } });
      },
    });
    renderAs('content_manager');
    expect(await screen.findByText('Samsung Galaxy A55')).toBeInTheDocument();
    expect(screen.getByText('Telefonim 901234567')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Фото 1' })).toHaveAttribute(
      'src',
      '/media/u/0123456789abcdef0123456789abcdef/160.webp',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Опубликовать: №5' }));
    expect(await screen.findByText('Отзыв №5 опубликован')).toBeInTheDocument();
    expect(calls.some((c) => c.route === 'POST /reviews/5/approve')).toBe(true);
    expect(await screen.findByText('Отзывов нет')).toBeInTheDocument();
  });

  it('rejects with a reason the author reads, refusing a reason too short', async () => {
    screenOf(390);
    const { calls } = stubApi({
      'GET /reviews/settings': ok({ data: { publish_at_once: false } }),
      'GET /reviews': ok(pageOf([pending])),
      'POST /reviews/5/reject': ({ body }) =>
        ok({
          message: 'ok',
          data: {
            ...pending,
            status: 'rejected',
            reject_reason: (body as { reason: string }).reason,
          },
        }),
    });
    renderAs('content_manager');
    await userEvent.click(await screen.findByRole('button', { name: 'Отклонить: №5' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await within(dialog).findByText('Опишите причину (не короче 3 символов)')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Номер телефона в тексте');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await screen.findByText('Отзыв №5 отклонён, автор увидит причину')).toBeInTheDocument();
    const sent = calls.find((c) => c.route === 'POST /reviews/5/reject');
    expect(sent?.body).toEqual({ reason: 'Номер телефона в тексте' });
  });

  it('answers as the shop and turns on publishing at once', async () => {
    screenOf(1440);
    const { calls } = stubApi({
      'GET /reviews/settings': ok({ data: { publish_at_once: false } }),
      'PATCH /reviews/settings': ({ body }) => ok({ message: 'ok', data: body }),
      'GET /reviews': ok(pageOf([pending])),
      'PATCH /reviews/5/answer': ok({
        message: 'ok',
        data: { ...pending, answer: { text: 'Rahmat', at: 'x' } },
      }),
    });
    renderAs('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Ответить: №5' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Ответ (пустой — снять ответ)'), 'Rahmat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Ответ на отзыв №5 сохранён')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Публиковать отзывы сразу, без проверки'));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'PATCH /reviews/settings')?.body).toEqual({
        publish_at_once: true,
      }),
    );
    expect(await screen.findByText('Настройка отзывов сохранена')).toBeInTheDocument();
  });
});
