import { describe, expect, it } from 'vitest';
import ru from '../ru.json';
import uz from '../uz.json';

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

const uzKeys = leaves(uz);
const ruKeys = leaves(ru);

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
});
