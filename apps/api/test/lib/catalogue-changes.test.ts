import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_TAGS, parseChange, productOfTag } from '../../src/lib/catalogue-changes.ts';

const migrations = resolve(import.meta.dirname, '../../src/db/migrations');

/**
 * The tags the migrations' triggers announce, as written in SQL: a quoted literal selected into
 * the announced list (`SELECT 'x'`, `SELECT DISTINCT 'c' || category_id`) or an `ARRAY['*']`.
 */
function tagsInSql(text: string): { whole: Set<string>; prefixes: Set<string> } {
  const whole = new Set<string>();
  const prefixes = new Set<string>();
  for (const m of text.matchAll(/SELECT\s+(?:DISTINCT\s+)?'([^']*)'(\s*\|\|)?/gi)) {
    (m[2] ? prefixes : whole).add(m[1]!);
  }
  for (const m of text.matchAll(/bozor_announce\(\s*ARRAY\[([^\]]*)\]/gi)) {
    for (const t of m[1]!.matchAll(/'([^']*)'/g)) whole.add(t[1]!);
  }
  return { whole, prefixes };
}

describe('the cache tags', () => {
  it('name in one place every tag a migration announces', () => {
    const named = {
      whole: new Set<string>([CACHE_TAGS.all, CACHE_TAGS.acrossCatalogue]),
      prefixes: new Set(
        [CACHE_TAGS.category(''), CACHE_TAGS.product(''), CACHE_TAGS.details('')].map(String),
      ),
    };
    const seen = { whole: new Set<string>(), prefixes: new Set<string>() };
    for (const file of readdirSync(migrations).filter((f) => f.endsWith('.sql'))) {
      const text = readFileSync(join(migrations, file), 'utf8');
      if (!/bozor_announce/i.test(text)) continue;
      const found = tagsInSql(text);
      for (const tag of found.whole) {
        expect(named.whole, `${file} announces '${tag}'`).toContain(tag);
        seen.whole.add(tag);
      }
      for (const prefix of found.prefixes) {
        expect(named.prefixes, `${file} announces '${prefix}' || …`).toContain(prefix);
        seen.prefixes.add(prefix);
      }
    }
    // and the reading finds what is there: every name is announced by some trigger
    expect(seen).toEqual(named);
  });

  it('read a product from its tag and nothing from the others', () => {
    expect(productOfTag(CACHE_TAGS.product(42))).toBe(42);
    for (const tag of [
      CACHE_TAGS.details(42),
      CACHE_TAGS.category(42),
      CACHE_TAGS.acrossCatalogue,
      CACHE_TAGS.mark('p42'),
      'p',
      'pabc',
      'p0',
      'p-1',
      'p1.5',
    ]) {
      expect(productOfTag(tag), tag).toBeNull();
    }
  });

  it('take "everything" from the star or an empty announcement', () => {
    expect(parseChange('x p1 d1')).toEqual({ all: false, tags: ['x', 'p1', 'd1'] });
    expect(parseChange('x * p1')).toEqual({ all: true });
    expect(parseChange('')).toEqual({ all: true });
  });
});
