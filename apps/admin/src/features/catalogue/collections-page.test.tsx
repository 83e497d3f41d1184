import '@testing-library/jest-dom/vitest';
import type { AdminCollection } from '@bozor/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiReply, ok } from '../../test/api.ts';
import { closeDialogWith, modalDialogs, renderOverApi } from '../../test/support.tsx';
import { CollectionsPage } from './collections-page.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sale = {
  id: 4,
  name_uz: 'Chegirmalar',
  name_ru: 'Скидки',
  slug: 'chegirmalar',
  image: null,
  position: 1,
  is_active: true,
  rule: null,
  product_count: 12,
} as unknown as AdminCollection;

/** The collections' page over `collections`, its writes answered by `writes`. */
function renderCollections(collections: AdminCollection[], writes: Record<string, ApiReply>) {
  return renderOverApi(
    <CollectionsPage />,
    { role: 'owner', path: '/catalogue/collections' },
    {
      'GET /categories': ok({ data: [] }),
      'GET /brands': ok({ data: [] }),
      'GET /tags': ok({ data: [] }),
      'GET /product-collections': ok({ data: collections }),
      ...writes,
    },
  );
}

describe('the collections of the home page', () => {
  it('asks for both names, fills the slug from the Uzbek one and creates the collection', async () => {
    const { api, user } = renderCollections([], {
      'POST /product-collections': ok({ message: 'ok', data: sale }),
    });
    await user.click(await screen.findByRole('button', { name: 'Новая подборка' }));
    const dialog = screen.getByRole('dialog', { name: 'Новая подборка' });

    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findAllByText('Обязательное поле')).toHaveLength(3);
    expect(api.count('POST /product-collections')).toBe(0);

    await user.type(within(dialog).getByLabelText('Название (узб.)'), ' Yangi kolleksiya ');
    await user.tab();
    expect(within(dialog).getByLabelText('Адрес (slug)')).toHaveValue('yangi-kolleksiya');
    await user.type(within(dialog).getByLabelText('Название (рус.)'), 'Новая подборка');
    await closeDialogWith(user, within(dialog).getByRole('button', { name: 'Создать' }));
    expect(api.bodiesOf('POST /product-collections')).toEqual([
      {
        name_uz: 'Yangi kolleksiya',
        name_ru: 'Новая подборка',
        slug: 'yangi-kolleksiya',
        image: null,
        position: 0,
        is_active: true,
        rule: null,
      },
    ]);
  });

  it("changes a collection, showing the server's refusals under their fields", async () => {
    const { user } = renderCollections([sale], {
      'PATCH /product-collections/4': {
        status: 422,
        body: { message: 'Проверьте поля', errors: { slug: ['Адрес занят'], position: ['Мало'] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Изменить' }));
    const dialog = screen.getByRole('dialog', { name: 'Подборка «Скидки»' });
    expect(within(dialog).getByLabelText('Название (узб.)')).toHaveValue('Chegirmalar');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Адрес занят')).toBeVisible();
    expect(within(dialog).getByText('Мало')).toBeVisible();
  });
});
