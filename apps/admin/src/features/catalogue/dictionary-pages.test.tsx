import '@testing-library/jest-dom/vitest';
import type { AdminTag } from '@bozor/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/api.ts';
import { closeDialogWith, modalDialogs, renderOverApi, screenOf } from '../../test/support.tsx';
import { BrandsPage, TagsPage } from './simple-pages.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the catalogue's dictionaries", () => {
  it('create a brand from a new form, the slug filled from its name and both trimmed', async () => {
    screenOf(1440);
    const { api, user } = renderOverApi(
      <BrandsPage />,
      { role: 'owner', path: '/catalogue/brands' },
      { 'GET /brands': ok({ data: [] }), 'POST /brands': ok({ message: 'ok', data: { id: 1 } }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Новый бренд' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый бренд' });
    await user.type(within(dialog).getByLabelText('Название'), ' Artel ');
    await user.tab();
    await closeDialogWith(user, within(dialog).getByRole('button', { name: 'Создать' }));
    expect(api.bodiesOf('POST /brands')).toEqual([{ name: 'Artel', slug: 'artel', logo: null }]);
  });

  it("change a tag in a form that starts from the tag's own words and colour", async () => {
    screenOf(1440);
    const tag = {
      id: 4,
      name_uz: 'Yangi',
      name_ru: 'Новинка',
      color: '#ef4444',
      product_count: 2,
    } as AdminTag;
    const { api, user } = renderOverApi(
      <TagsPage />,
      { role: 'owner', path: '/catalogue/tags' },
      { 'GET /tags': ok({ data: [tag] }), 'PATCH /tags/4': ok({ message: 'ok', data: tag }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Изменить' }));
    const dialog = screen.getByRole('dialog', { name: 'Тег «Новинка»' });
    expect(
      within(dialog).getByLabelText('Цвет метки', { selector: 'input:not([type=color])' }),
    ).toHaveValue('#ef4444');
    expect(within(dialog).getByText('Новинка', { selector: 'span' })).toBeVisible();
    await closeDialogWith(user, within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(api.bodiesOf('PATCH /tags/4')).toEqual([
      { name_uz: 'Yangi', name_ru: 'Новинка', color: '#ef4444' },
    ]);
  });
});
