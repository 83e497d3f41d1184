import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_TEXTS } from '../../locales/texts.ts';
import { Trans, TranslationProvider, useTranslation } from '../i18n/react.tsx';
import { createTranslator } from '../i18n/translator.ts';
import i18n, { initI18n } from '../i18n.ts';

const ru = createTranslator('ru', {
  basket: {
    title: 'Корзина',
    total: 'Итого: {{amount}} {{currency}}',
    items_one: '{{count}} товар',
    items_few: '{{count}} товара',
    items_many: '{{count}} товаров',
    items_other: '{{count}} товара',
  },
  scoring: { choose: 'Сделать фото', choose_other: 'Другое фото' },
});

describe('translator', () => {
  it('finds a text by its dot-separated key', () => {
    expect(ru.t('basket.title')).toBe('Корзина');
    expect(ru.exists('basket.title')).toBe(true);
    expect(ru.exists('basket')).toBe(false);
    expect(ru.exists('basket.title.more')).toBe(false);
  });

  it('fills in placeholders as the values are, React escapes them', () => {
    expect(ru.t('basket.total', { amount: '1 299 000', currency: '<сум>' })).toBe(
      'Итого: 1 299 000 <сум>',
    );
    expect(ru.t('basket.total', { amount: 5, currency: undefined })).toBe('Итого: 5 ');
    expect(ru.t('basket.total')).toBe('Итого: {{amount}} {{currency}}');
  });

  it('picks the Russian plural form by count', () => {
    expect(ru.t('basket.items', { count: 1 })).toBe('1 товар');
    expect(ru.t('basket.items', { count: 3 })).toBe('3 товара');
    expect(ru.t('basket.items', { count: 5 })).toBe('5 товаров');
    expect(ru.t('basket.items', { count: 11 })).toBe('11 товаров');
    expect(ru.t('basket.items', { count: 21 })).toBe('21 товар');
    expect(ru.t('basket.items', { count: 1.5 })).toBe('1.5 товара');
  });

  it('reads a text without plural forms as it is when given a count', () => {
    expect(ru.t('basket.title', { count: 5 })).toBe('Корзина');
    const uz = createTranslator('uz', ALL_TEXTS.uz);
    expect(uz.t('collections.count', { count: 24 })).toBe(
      ALL_TEXTS.uz.collections.count.replace('{{count}}', '24'),
    );
  });

  it('reads a key ending in a plural word by its full name', () => {
    expect(ru.t('scoring.choose')).toBe('Сделать фото');
    expect(ru.t('scoring.choose_other')).toBe('Другое фото');
  });

  it('reports a missing text and shows its key, or the default given', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(ru.t('basket.nothing')).toBe('basket.nothing');
    expect(error).toHaveBeenCalledWith('Bozor: no text for "basket.nothing"');
    expect(ru.t('scoring.reasons.OTHER', { defaultValue: 'Другая причина' })).toBe(
      'Другая причина',
    );
    expect(error).toHaveBeenCalledWith('Bozor: no text for "scoring.reasons.OTHER"');
  });

  it('adds texts loaded later without replacing those it has', () => {
    const uz = createTranslator('uz', { common: { yes: 'Ha' } });
    expect(uz.exists('auth.title')).toBe(false);
    uz.addTexts({ auth: { title: 'Kirish' }, common: { yes: 'Yo‘q', no: 'Yo‘q' } });
    expect(uz.t('auth.title')).toBe('Kirish');
    expect(uz.t('common.yes')).toBe('Ha');
    expect(uz.t('common.no')).toBe('Yo‘q');
  });
});

function Title() {
  const { t, i18n: translator } = useTranslation();
  return (
    <p>
      {translator.language}: {t('basket.title')}
    </p>
  );
}

describe('useTranslation and Trans', () => {
  afterEach(() => {
    initI18n('uz', ALL_TEXTS.uz);
  });

  it("takes the provider's translator, else the page's", () => {
    render(
      <>
        <Title />
        <TranslationProvider value={ru}>
          <Title />
        </TranslationProvider>
      </>,
    );
    expect(screen.getByText(`uz: ${ALL_TEXTS.uz.basket.title}`)).toBeInTheDocument();
    expect(screen.getByText('ru: Корзина')).toBeInTheDocument();
  });

  it('answers with the translator initI18n set last', () => {
    initI18n('ru', ALL_TEXTS.ru);
    expect(i18n.language).toBe('ru');
    expect(i18n.t('basket.title')).toBe(ALL_TEXTS.ru.basket.title);
    render(<Title />);
    expect(screen.getByText(`ru: ${ALL_TEXTS.ru.basket.title}`)).toBeInTheDocument();
  });

  it('draws the tags of a text as the components given', () => {
    const { container } = render(
      <p>
        <Trans i18nKey="auth.offer" components={{ offer: <a href="/offer">ignored</a> }} />
      </p>,
    );
    expect(container.firstChild).toHaveTextContent('Men ommaviy oferta shartlariga roziman');
    expect(screen.getByRole('link', { name: 'ommaviy oferta' })).toHaveAttribute('href', '/offer');
  });

  it('keeps the words of a tag it has no component for', () => {
    const offer = createTranslator('ru', { offer: '<b>Я</b> принимаю <offer>оферту</offer>' });
    const { container } = render(
      <TranslationProvider value={offer}>
        <Trans i18nKey="offer" components={{ offer: <a href="/offer">публичная оферта</a> }} />
      </TranslationProvider>,
    );
    expect(container.innerHTML).toBe('Я принимаю <a href="/offer">оферту</a>');
  });
});
