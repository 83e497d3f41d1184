import { LANGS, SORTS } from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import { ALL_TEXTS } from '../texts.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of leaves(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const uzKeys = leaves(ALL_TEXTS.uz);
const ruKeys = leaves(ALL_TEXTS.ru);

/**
 * The storefront's source, tests and test helpers left out: they read texts, not keys. So is the
 * translator (`lib/i18n/`), which passes on the keys it is given.
 */
const sources = Object.entries(
  import.meta.glob<string>(
    ['../../**/*.{ts,tsx}', '!../../**/__tests__/**', '!../../test/**', '!../../lib/i18n/**'],
    { query: '?raw', import: 'default', eager: true },
  ),
);

/**
 * Keys the code builds from a value, as written between the backticks, with every value the
 * placeholder takes. A new built key must be added here, or the test fails.
 */
const BUILT_KEYS: Record<string, readonly string[]> = {
  'listing.sorts.${sort}': SORTS,
  'language.${lang}': LANGS,
  'language.${current}': LANGS,
  'language.short_${current}': LANGS,
  'profile.menu.${kind}': ['orders', 'installments'],
  'profile.${kind}_empty_title': ['orders', 'installments'],
  'profile.${kind}_empty_text': ['orders', 'installments'],
  'search.${group.kind}': ['products', 'categories', 'recent', 'recommended'],
  'lists.${list}': ['famous', 'discount'],
  'notices.channels.${channel}': ['in_shop', 'sms', 'telegram'],
  'notices.topics.${topic}': ['orders', 'payments', 'reviews', 'alerts', 'promotions'],
  'notices.topic_hints.${topic}': ['orders', 'payments', 'reviews', 'alerts', 'promotions'],
  'my_reviews.status.${review.status}': ['pending', 'published', 'rejected'],
  'reviews.${key}': ['pros', 'cons', 'comment'],
  'partner.errors.${key}': ['field_required', 'field_too_long', 'phone_invalid', 'stir_invalid'],
  'addresses.errors.${error.message}': [
    'field_required',
    'field_too_long',
    'phone_invalid',
    'address_too_short',
  ],
  'scoring.steps.${step}.title': ['personal', 'face', 'card', 'guarantors', 'decision'],
  'scoring.steps.${step}.need': ['personal', 'face', 'card', 'guarantors', 'decision'],
  'scoring.personal.${key}': ['full_name', 'passport', 'pinfl', 'birth_date', 'monthly_income'],
  'scoring.personal.${name}': ['surname', 'given_name', 'patronymic'],
  'scoring.personal.${name}_placeholder': ['surname', 'given_name', 'patronymic'],
  'scoring.face.${tip}': ['tip_light', 'tip_face', 'tip_alone', 'tip_format'],
  'scoring.error.reasons.${scoring.reason}': ['AGE', 'OVERDUE', 'LOW_INCOME', 'DEBT_BURDEN'],
  'form_errors.${error.message}': [
    'field_required',
    'field_too_long',
    'phone_invalid',
    'text_invalid',
    'card_number_invalid',
    'card_type_unknown',
    'card_expired',
    'expire_date_invalid',
    'passport_invalid',
    'pinfl_invalid',
    'pinfl_birth_mismatch',
    'birth_date_invalid',
    'age_out_of_range',
    'relative_type_invalid',
    'name_invalid',
    'income_invalid',
  ],
};

// t('key'), i18n.t("key"), t(`key`), t(`built.${value}`) and <Trans i18nKey="key">
const CALL = /(?<![\w$])t\(\s*(?:'([^']*)'|"([^"]*)"|`([^`]*)`|([^\s)][^)\n]*))/g;
const TRANS = /i18nKey=(?:"([^"]*)"|'([^']*)'|\{\s*'([^']*)'\s*\})/g;

interface Usage {
  file: string;
  key: string;
}

function usedKeys() {
  const fixed: Usage[] = [];
  const built: Usage[] = [];
  const unreadable: Usage[] = [];
  for (const [file, text] of sources) {
    for (const m of text.matchAll(CALL)) {
      const [, single, double, template, other] = m;
      if (other !== undefined) unreadable.push({ file, key: m[0] });
      else if (template?.includes('${')) built.push({ file, key: template });
      else fixed.push({ file, key: single ?? double ?? template ?? '' });
    }
    for (const m of text.matchAll(TRANS)) fixed.push({ file, key: m[1] ?? m[2] ?? m[3] ?? '' });
  }
  return { fixed, built, unreadable };
}

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** A key's plural forms count as the key itself: `count` is `count_one`, `count_other`… */
const hasKey = (keys: Map<string, unknown>, key: string) =>
  keys.has(key) || PLURAL_FORMS.some((form) => keys.has(`${key}_${form}`));

describe('locales', () => {
  it('has every Uzbek key in Russian', () => {
    expect([...uzKeys.keys()].filter((k) => !ruKeys.has(k))).toEqual([]);
  });

  it('has every Russian key in Uzbek', () => {
    expect([...ruKeys.keys()].filter((k) => !uzKeys.has(k))).toEqual([]);
  });

  it('has no empty or non-text value', () => {
    for (const [name, map] of [
      ['uz', uzKeys],
      ['ru', ruKeys],
    ] as const) {
      const bad = [...map].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(bad, `${name}.json`).toEqual([]);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (v: unknown) =>
      [...String(v).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of uzKeys) {
      expect(placeholders(ruKeys.get(key)), key).toEqual(placeholders(value));
    }
  });

  describe('keys the code uses', () => {
    const { fixed, built, unreadable } = usedKeys();
    const expanded = built.flatMap(({ file, key }) =>
      (BUILT_KEYS[key] ?? []).map((value) => ({ file, key: key.replace(/\$\{[^}]*\}/, value) })),
    );

    it('finds the keys of the storefront', () => {
      expect(fixed.length).toBeGreaterThan(200);
      expect(fixed).toContainEqual({ file: '../../app/layout/footer.tsx', key: 'footer.delivery' });
      expect(fixed).toContainEqual({
        file: '../../features/auth/components/sign-in-modal.tsx',
        key: 'auth.offer',
      });
    });

    it('passes every key as text the test can read', () => {
      expect(unreadable).toEqual([]);
    });

    it('knows the values of every key built from a value', () => {
      expect(built.filter(({ key }) => !BUILT_KEYS[key])).toEqual([]);
    });

    for (const [name, keys] of [
      ['uz', uzKeys],
      ['ru', ruKeys],
    ] as const) {
      it(`finds every used key in ${name}.json`, () => {
        expect([...fixed, ...expanded].filter(({ key }) => !hasKey(keys, key))).toEqual([]);
      });
    }
  });
});
