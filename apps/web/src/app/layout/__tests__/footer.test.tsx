import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '../../../lib/i18n/react.tsx';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import { ALL_TEXTS } from '../../../locales/texts.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { Footer } from '../footer.tsx';

const contacts = [
  { key: 'phone', value: '998712000000' },
  { key: 'seller_name', value: '«Bozor Savdo» MChJ' },
  { key: 'seller_tin', value: '305123456' },
  { key: 'seller_address', value: "Toshkent sh., Amir Temur ko'chasi, 108" },
];

describe('the footer’s legal line', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the seller with its STIR and address from the contacts', async () => {
    stubApi({ '/api/contacts': { data: contacts } });
    renderWithProviders(<Footer />);
    expect(
      await screen.findByText(
        "Sotuvchi: «Bozor Savdo» MChJ, STIR 305123456, manzil: Toshkent sh., Amir Temur ko'chasi, 108",
      ),
    ).toBeInTheDocument();
  });

  it('reads in Russian on a Russian page', async () => {
    stubApi({ '/api/contacts': { data: contacts } });
    renderWithProviders(
      <TranslationProvider value={createTranslator('ru', ALL_TEXTS.ru)}>
        <Footer />
      </TranslationProvider>,
    );
    expect(
      await screen.findByText(
        "Продавец: «Bozor Savdo» MChJ, ИНН 305123456, адрес: Toshkent sh., Amir Temur ko'chasi, 108",
      ),
    ).toBeInTheDocument();
  });

  it('is left out until the seller is known', async () => {
    stubApi({ '/api/contacts': { data: [{ key: 'phone', value: '998712000000' }] } });
    renderWithProviders(<Footer />);
    await screen.findByText('+99871 200 00 00');
    expect(screen.queryByText(/Sotuvchi:/)).not.toBeInTheDocument();
  });
});
