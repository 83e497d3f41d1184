import '@testing-library/jest-dom/vitest';
import {
  AdminProductDetail,
  ErrorBody,
  type InheritedFiscalCode,
  ProductFormOptions,
} from '@bozor/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, ok, stubApi } from '../../test/api.ts';
import { renderRoutesAsStaff, screenOf } from '../../test/support.tsx';
import { ProductPage } from './product-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PHONE_IKPU = '08517001001000000';
const none: InheritedFiscalCode = {
  ikpu: null,
  package_code: null,
  units: null,
  code_from: null,
  vat_percent: null,
  vat_from: null,
};
const fromPhones: InheritedFiscalCode = {
  ikpu: PHONE_IKPU,
  package_code: '1505727',
  units: 1,
  code_from: 1,
  vat_percent: 12,
  vat_from: 1,
};

const options = ProductFormOptions.parse({
  categories: [
    {
      id: 1,
      parent_id: null,
      name_uz: 'Telefonlar',
      name_ru: 'Телефоны',
      depth: 0,
      is_active: true,
      fiscal: fromPhones,
    },
    {
      id: 2,
      parent_id: 1,
      name_uz: 'Android',
      name_ru: 'Андроид',
      depth: 1,
      is_active: true,
      fiscal: fromPhones,
    },
    {
      id: 3,
      parent_id: null,
      name_uz: 'Boshqa',
      name_ru: 'Разное',
      depth: 0,
      is_active: true,
      fiscal: none,
    },
  ],
  brands: [],
  colors: [],
  tags: [],
  collections: [],
});

const product = AdminProductDetail.parse({
  id: 7,
  name_uz: 'Redmi Note 13',
  name_ru: 'Redmi Note 13',
  description_uz: '',
  description_ru: '',
  code: 'RN13-256',
  slug: 'redmi-note-13',
  price: 3_200_000,
  old_price: null,
  stock: 5,
  category_id: 2,
  brand_id: null,
  color_id: null,
  tag_ids: [],
  attribute_value_ids: [],
  collection_ids: [],
  is_active: true,
  images: [],
  category_active: true,
  popularity: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  ikpu: null,
  package_code: null,
  units: null,
  vat_percent: null,
  size_class: 'standard',
});

/** The API as the form meets it; PATCHes answered by `save` and kept with their bodies. */
function stubProduct(save: (body: Record<string, unknown>) => ApiAnswer) {
  const saved: Record<string, unknown>[] = [];
  stubApi({
    'GET /products/form-options': ok({ data: options }),
    'GET /products/attributes': ok({ data: [] }),
    'GET /products/7': ok({ data: product }),
    'GET /products/7/alerts': ok({ data: { back_in_stock: 3, price_drop: 1 } }),
    'PATCH /products/7': ({ body }) => {
      saved.push(body as Record<string, unknown>);
      return save(body as Record<string, unknown>);
    },
  });
  return saved;
}

function renderForm() {
  screenOf(1200);
  renderRoutesAsStaff([{ path: '/products/:id', element: <ProductPage /> }], {
    role: 'content_manager',
    path: '/products/7',
  });
}

const fiscalCard = async () => {
  const heading = await screen.findByRole('heading', { name: 'Фискальные данные' });
  return heading.closest('section') as HTMLElement;
};

describe("the product form's fiscal fields", () => {
  it('shows what the product inherits and from which category, each field left empty', async () => {
    stubProduct(() => ({ status: 200, body: { message: 'ok', data: product } }));
    renderForm();
    const card = await fiscalCard();
    const ikpu = within(card).getByLabelText('ИКПУ (MXIK)');
    expect(ikpu).toHaveValue('');
    expect(ikpu).toHaveAttribute('placeholder', PHONE_IKPU);
    expect(card).toHaveTextContent(`Из категории «Телефоны»: ${PHONE_IKPU}`);
    expect(card).toHaveTextContent('Из категории «Телефоны»: 1505727');
    expect(within(card).getByLabelText('Ставка НДС')).toHaveDisplayValue('Из категории (12 %)');
    expect(card).toHaveTextContent('Чек возьмёт коды категории «Телефоны»');
  });

  it('warns that a product on sale under a category without a code cannot be sold', async () => {
    stubProduct(() => ({ status: 200, body: { message: 'ok', data: product } }));
    const user = userEvent.setup();
    renderForm();
    const card = await fiscalCard();
    await user.selectOptions(screen.getByLabelText('Категория'), '3');
    expect(within(card).getByRole('status')).toHaveTextContent(
      'Ни товар, ни его категории не задают ИКПУ и код упаковки',
    );
    expect(card).toHaveTextContent('Категория не задаёт');
    await user.click(screen.getByLabelText('Показывать в магазине'));
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
  });

  it('refuses a broken code in the form, sending nothing', async () => {
    const saved = stubProduct(() => ({ status: 200, body: { message: 'ok', data: product } }));
    const user = userEvent.setup();
    renderForm();
    const card = await fiscalCard();
    await user.type(within(card).getByLabelText('ИКПУ (MXIK)'), '123');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(card).findByText('ИКПУ (MXIK) — 17 цифр, как в tasnif.soliq.uz'),
    ).toBeVisible();
    expect(within(card).getByText('Вместе с ИКПУ укажите код упаковки')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('sends its own code, and shows the API’s refusal under the field it names', async () => {
    const saved = stubProduct(() => ({
      status: 422,
      body: ErrorBody.parse({
        message: 'Чтобы выставить товар в продажу, нужны ИКПУ и код упаковки',
        code: 'PRODUCT_FISCAL_CODE_MISSING',
        errors: { package_code: ['Для продажи нужен код упаковки: его нет ни у товара'] },
      }),
    }));
    const user = userEvent.setup();
    renderForm();
    const card = await fiscalCard();
    await user.type(within(card).getByLabelText('ИКПУ (MXIK)'), '08517 001001 000001');
    await user.type(within(card).getByLabelText('Код упаковки'), '1505727');
    await user.type(within(card).getByLabelText('Код единицы измерения'), '1');
    await user.selectOptions(within(card).getByLabelText('Ставка НДС'), '0');
    expect(card).toHaveTextContent('Чек возьмёт коды товара');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      ikpu: '08517001001000001',
      package_code: '1505727',
      units: 1,
      vat_percent: 0,
    });
    expect(
      await within(card).findByText('Для продажи нужен код упаковки: его нет ни у товара'),
    ).toBeVisible();
  });

  it('shows how many customers wait for the product to come back or get cheaper', async () => {
    stubProduct(() => ({ status: 200, body: {} }));
    renderForm();
    expect(await screen.findByTestId('waiting-customers')).toHaveTextContent(
      'Ждут покупатели: 3 — поступления, 1 — снижения цены',
    );
  });
});

describe("the product form's delivery size class", () => {
  it('marks a product bulky (KGT), saying what it does to delivery, and sends it', async () => {
    const saved = stubProduct(() => ({ status: 200, body: { message: 'ok', data: product } }));
    const user = userEvent.setup();
    renderForm();
    const size = await screen.findByLabelText('Габарит');
    expect(size).toHaveDisplayValue('Обычный');
    expect(size).toHaveAccessibleDescription(/без бесплатной доставки от суммы/);
    await user.selectOptions(size, 'bulky');
    expect(size).toHaveDisplayValue('Крупногабаритный (КГТ)');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ size_class: 'bulky' });
  });
});
