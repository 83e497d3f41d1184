import '@testing-library/jest-dom/vitest';
import type { AdminPromotion, PromotionAudience, StaffRole } from '@bozor/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, ok, pageOf, stubApi } from '../../test/api.ts';
import { modalDialogs, renderAsStaff, screenOf } from '../../test/support.tsx';
import { PromotionsPage } from './promotions-page.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const draft: AdminPromotion = {
  id: 3,
  title_uz: 'Qora juma: -30%',
  title_ru: 'Чёрная пятница: -30%',
  text_uz: 'Smartfonlar 30% arzon',
  text_ru: 'Смартфоны на 30% дешевле',
  link: '/category/smartfonlar',
  state: 'draft',
  sent: { in_shop: 0, sms: 0, telegram: 0 },
  waiting: { sms: 0, telegram: 0 },
  waiting_until: null,
  created_at: '2026-11-28T09:00:00.000Z',
  send_requested_at: null,
  sent_at: null,
};

const sent: AdminPromotion = {
  ...draft,
  id: 2,
  title_ru: 'Неделя техники',
  title_uz: 'Texnika haftaligi',
  link: null,
  state: 'sent',
  sent: { in_shop: 120, sms: 45, telegram: 30 },
  waiting: { sms: 2, telegram: 0 },
  send_requested_at: '2026-11-20T06:00:00.000Z',
  sent_at: '2026-11-20T06:05:00.000Z',
};

const audience: PromotionAudience = {
  channels: { in_shop: 140, sms: 52, telegram: 31 },
  sms: {
    uz: { text: "Bozor: Qora juma: -30% To'xtatish: Kabinet → Bildirishnomalar", parts: 1 },
    ru: { text: 'Bozor: Чёрная пятница: -30% Отписаться: Кабинет → Уведомления', parts: 1 },
  },
  sending_hours: { from: '09:00', to: '21:00' },
  starts_at: '2026-11-30T04:00:00.000Z',
  sends_now: false,
};

function renderAs(role: StaffRole) {
  return renderAsStaff(<PromotionsPage />, { role, path: '/promotions' });
}

describe('promotions in the back office', () => {
  it('shows each promotion’s state and what it sent per channel, and the sending hours', async () => {
    screenOf(1440);
    stubApi({ 'GET /promotions': ok(pageOf([draft, sent])) });
    renderAs('content_manager');
    const grid = await screen.findByRole('table', { name: 'Акции' });
    const [, draftRow, sentRow] = within(grid).getAllByRole('row');
    expect(within(draftRow!).getByText('Черновик')).toBeInTheDocument();
    expect(within(draftRow!).getByText('/category/smartfonlar')).toBeInTheDocument();
    expect(within(sentRow!).getByText('Отправлена')).toBeInTheDocument();
    expect(within(sentRow!).getByText('120')).toBeInTheDocument();
    expect(within(sentRow!).getByText('45')).toBeInTheDocument();
    expect(within(sentRow!).getByText('(ещё 2 в очереди)')).toBeInTheDocument();
    // a sent promotion can be neither changed nor sent again
    expect(within(sentRow!).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Акции уходят с 09:00 до 21:00 по Ташкенту/)).toBeInTheDocument();
  });

  it('shows whom a draft reaches per channel and its SMS, and sends it once however often clicked', async () => {
    screenOf(390);
    let release: () => void = () => {};
    const { count } = stubApi({
      'GET /promotions': ok(pageOf([draft])),
      'GET /promotions/3/audience': ok({ data: audience }),
      'POST /promotions/3/send': () =>
        new Promise<ApiAnswer>((resolve) => {
          release = () =>
            resolve(
              ok({
                message: 'Акция в очереди: отправка с 09:00 до 21:00 (по Ташкенту)',
                data: { ...draft, state: 'sending', waiting_until: audience.starts_at },
              }),
            );
        }),
    });
    renderAs('content_manager');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Отправить: Чёрная пятница: -30%' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Отправить «Чёрная пятница: -30%»' });
    expect(await within(dialog).findByText('140 покупателей')).toBeInTheDocument();
    expect(within(dialog).getByText('52 покупателей')).toBeInTheDocument();
    expect(within(dialog).getByText('31 покупателей')).toBeInTheDocument();
    expect(within(dialog).getByText(audience.sms.ru.text)).toBeInTheDocument();
    expect(within(dialog).getByText(audience.sms.uz.text)).toBeInTheDocument();
    expect(within(dialog).getByText(/Сейчас не время рассылки/)).toBeInTheDocument();

    const button = within(dialog).getByRole('button', { name: 'Отправить акцию' });
    await userEvent.dblClick(button);
    await userEvent.click(button);
    release();
    expect(
      await screen.findByText('Акция в очереди: отправка с 09:00 до 21:00 (по Ташкенту)'),
    ).toBeInTheDocument();
    expect(count('POST /promotions/3/send')).toBe(1);
  });

  it('writes a draft in both languages, refusing a link outside the shop', async () => {
    screenOf(1440);
    const { calls } = stubApi({
      'GET /promotions': ok(pageOf([])),
      'POST /promotions': ({ body }) =>
        ok({ message: 'Акция сохранена как черновик', data: { ...draft, ...(body as object) } }),
    });
    renderAs('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Новая акция' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая акция' });
    const save = within(dialog).getByRole('button', { name: 'Сохранить черновик' });
    await userEvent.click(save);
    expect(await within(dialog).findAllByText('Обязательное поле')).toHaveLength(4);

    await userEvent.type(within(dialog).getByLabelText('Заголовок (рус.)'), draft.title_ru);
    await userEvent.type(within(dialog).getByLabelText('Заголовок (узб.)'), draft.title_uz);
    await userEvent.type(within(dialog).getByLabelText('Текст (рус.)'), draft.text_ru);
    await userEvent.type(within(dialog).getByLabelText('Текст (узб.)'), draft.text_uz);
    const link = within(dialog).getByLabelText('Страница магазина (необязательно)');
    await userEvent.type(link, 'https://evil.example/sale');
    await userEvent.click(save);
    await waitFor(() => expect(link).toHaveAttribute('aria-invalid', 'true'));
    expect(link).toHaveAccessibleDescription('Начинается с /, например /category/smartfonlar');
    expect(calls.some((c) => c.route === 'POST /promotions')).toBe(false);

    await userEvent.clear(link);
    await userEvent.type(link, '/category/smartfonlar');
    await userEvent.click(save);
    expect(await screen.findByText('Акция сохранена как черновик')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /promotions')?.body).toEqual({
        title_ru: draft.title_ru,
        title_uz: draft.title_uz,
        text_ru: draft.text_ru,
        text_uz: draft.text_uz,
        link: '/category/smartfonlar',
      }),
    );
  });

  it('gives a role that may not send promotions nothing to write', async () => {
    screenOf(1440);
    stubApi({ 'GET /promotions': ok(pageOf([draft])) });
    renderAs('viewer');
    await screen.findByRole('table', { name: 'Акции' });
    expect(screen.queryByRole('button', { name: 'Новая акция' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Отправить/ })).toBeNull();
  });
});
