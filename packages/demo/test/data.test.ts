import { describe, expect, it } from 'vitest';
import { type AttributeUse, catalogueData, type LeafDef } from '../src/catalogue/data.ts';

describe('catalogue data files', () => {
  const data = catalogueData();
  const leaves: LeafDef[] = data.categories.flatMap((root) => root.subs.flatMap((s) => s.leaves));
  const profiles = Object.values(data.profiles);
  const attributes = new Map(data.attributes.map((a) => [a.slug, a]));

  it('give every leaf a profile', () => {
    for (const leaf of leaves) expect(data.profiles[leaf.profile], leaf.slug).toBeDefined();
  });

  it('name only colours of reference.json', () => {
    const known = new Set(data.reference.colors.map((c) => c.slug));
    for (const owner of [...profiles, ...leaves]) {
      for (const colour of owner.colors ?? []) expect(known, colour).toContain(colour);
    }
  });

  it('name only brands of brands.json', () => {
    const named = (slug: string) => slug === '-' || slug in data.brands.names;
    for (const owner of [...profiles, ...leaves]) {
      const list = Array.isArray(owner.brands) ? owner.brands : Object.keys(owner.brands ?? {});
      for (const brand of list) expect(named(brand), brand).toBe(true);
    }
    for (const brand of [...data.brands.premium, ...data.brands.budget]) {
      expect(named(brand), brand).toBe(true);
    }
  });

  it('use only attributes and values of attributes.json', () => {
    const expectValues = (slug: string, tokens: readonly string[] = []) => {
      const attribute = attributes.get(slug);
      expect(attribute, slug).toBeDefined();
      const values = attribute?.values.map((v) => v.token);
      for (const token of tokens) expect(values, `${slug} ${token}`).toContain(token);
    };
    const uses: AttributeUse[] = [...profiles, ...leaves].flatMap((o) => o.attributes ?? []);
    for (const use of uses) expectValues(use.slug, use.tokens);
    for (const leaf of leaves) {
      for (const [slug, tokens] of Object.entries(leaf.tokens ?? {})) expectValues(slug, tokens);
    }
  });

  it('keep slugs unique', () => {
    const unique = (list: string[]) => expect(new Set(list).size).toBe(list.length);
    unique(data.attributes.map((a) => a.slug));
    unique(data.reference.colors.map((c) => c.slug));
    unique(data.reference.tags.map((t) => t.key));
    for (const a of data.attributes) unique(a.values.map((v) => v.token));
  });
});
