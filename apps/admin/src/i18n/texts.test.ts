import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FulfilmentAction,
  FulfilmentStep,
  ORDER_HISTORY_STEPS,
  ORDER_STATUS,
  PAYMENT_TYPES,
} from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import { historyStepName } from '../features/orders/history.ts';
import { fill } from '../lib/i18n.tsx';
import { TEXT_PARTS, TEXTS, type TextKey } from './texts.ts';

const LANGUAGES = ['ru', 'uz'] as const;
const keysOf = (texts: object) => Object.keys(texts);
const allKeys = new Set(keysOf(TEXTS.ru));

/** Every name given twice in a list, once each. */
function twice(names: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(names.filter((name) => seen.has(name) || !seen.add(name)))].sort();
}

/** The back office's source files, its tests aside. */
function sources(): { file: string; text: string }[] {
  const root = join(import.meta.dirname, '..');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

describe("the back office's texts", () => {
  it('gives every namespace one owner, and every key lies in its own part’s namespaces', () => {
    expect(twice(TEXT_PARTS.flatMap((part) => [...part.namespaces]))).toEqual([]);
    const strays = TEXT_PARTS.flatMap((part) =>
      keysOf(part.ru).filter(
        (key) => !part.namespaces.some((namespace) => key.startsWith(`${namespace}.`)),
      ),
    );
    expect(strays).toEqual([]);
    // a namespace holding a dot could reach into another's (`nav.group` inside `nav`)
    expect(TEXT_PARTS.flatMap((part) => part.namespaces.filter((n) => n.includes('.')))).toEqual(
      [],
    );
  });

  it('defines no key twice across features', () => {
    for (const lang of LANGUAGES) {
      expect(twice(TEXT_PARTS.flatMap((part) => keysOf(part[lang])))).toEqual([]);
    }
  });

  it('has every key in Russian and in Uzbek, none of them empty', () => {
    for (const part of TEXT_PARTS) {
      expect(keysOf(part.uz).sort()).toEqual(keysOf(part.ru).sort());
      for (const lang of LANGUAGES) {
        const texts: Record<string, string> = part[lang];
        expect(keysOf(texts).filter((key) => texts[key]!.trim() === '')).toEqual([]);
      }
    }
    expect(keysOf(TEXTS.uz).sort()).toEqual([...allKeys].sort());
  });

  it('fills the same placeholders in both languages', () => {
    const names = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();
    const differing = [...allKeys].filter(
      (key) =>
        names(TEXTS.ru[key as keyof typeof TEXTS.ru]).join() !==
        names(TEXTS.uz[key as keyof typeof TEXTS.uz]).join(),
    );
    expect(differing).toEqual([]);
  });

  it('has every key the screens name', () => {
    const missing: string[] = [];
    let named = 0;
    for (const { file, text } of sources()) {
      for (const [, key] of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        named += 1;
        if (!allKeys.has(key!)) missing.push(`${file}: ${key}`);
      }
      // a key built from a value: some key must fit its fixed parts
      for (const [, template] of text.matchAll(/\bt\(\s*`([^`]+)`/g)) {
        const pattern = new RegExp(
          `^${template!
            .split(/\$\{[^}]*\}/)
            .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+')}$`,
        );
        if (![...allKeys].some((key) => pattern.test(key))) missing.push(`${file}: ${template}`);
      }
    }
    expect(named).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });

  it("names every step an order's history can hold, a return request among them", () => {
    expect(ORDER_HISTORY_STEPS).toEqual(expect.arrayContaining(['return_requested', 'placed']));
    for (const lang of LANGUAGES) {
      const t = (key: TextKey) => fill(TEXTS[lang][key]);
      const raw = ORDER_HISTORY_STEPS.filter((step) => historyStepName(t, step) === step);
      expect(raw).toEqual([]);
    }
    expect(historyStepName((key) => TEXTS.ru[key], 'return_requested')).toBe(
      'Клиент просит возврат',
    );
    expect(historyStepName((key) => TEXTS.uz[key], 'return_requested')).toBe(
      "Mijoz qaytarishni so'radi",
    );
    // a step a newer API sends is shown as it came, not as an empty line
    expect(historyStepName((key) => TEXTS.ru[key], 'weighed')).toBe('weighed');
  });

  it('names every status, step, next action, payment and delivery an order can have', () => {
    const wanted = [
      ...Object.values(ORDER_STATUS).map((id) => `status.${id}`),
      ...FulfilmentStep.options.map((step) => `step.${step}`),
      ...FulfilmentAction.options.map((action) => `action.${action}`),
      ...PAYMENT_TYPES.map((type) => `pay.${type}`),
      ...['address', 'pickup'].map((type) => `delivery.${type}`),
    ];
    expect(wanted.filter((key) => !allKeys.has(key))).toEqual([]);
  });
});
