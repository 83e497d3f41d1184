import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { productTags, tags } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import {
  createBrand,
  createCategory,
  createProduct,
  createTag,
  createTariffs,
} from '../../helpers/factories.ts';
import { within } from '../../helpers/within.ts';

interface Card {
  id: number;
  tags: { id: number; name: string; color: string }[];
}

// An API process as it serves: hearing the catalogue's changes, so the reference data every list
// reads (categories, tariffs, tags, what filters name) is kept in memory, and no response cache.
describe('reference data kept in memory', () => {
  const ctx = useTestApp({ watchCatalogue: true });
  let category: { id: number; slug: string };
  let tagged: { id: number };
  let plain: { id: number };

  beforeAll(async () => {
    await createTariffs(ctx.db);
    category = await createCategory(ctx.db, { slug: 'remembered-phones' });
    tagged = await createProduct(ctx.db, { categoryId: category.id, popularity: 2 });
    plain = await createProduct(ctx.db, { categoryId: category.id, popularity: 1 });
  });

  const cards = async (query = ''): Promise<{ status: number; cards: Card[] }> => {
    const res = await ctx.app.inject({
      url: `/api/category-products/${category.slug}${query}`,
      headers: { lang: 'uz' },
    });
    return { status: res.statusCode, cards: res.statusCode === 200 ? res.json().data : [] };
  };

  it("shows a product's tags, and a tag renamed or added once its change is heard", async () => {
    const tag = await createTag(ctx.db, [tagged.id], { nameUz: 'Xit', color: '#FF3B30' });
    await within(2_000, async () => {
      const { cards: list } = await cards();
      return list.find((c) => c.id === tagged.id)?.tags[0]?.name === 'Xit';
    });
    const first = await cards();
    expect(first.cards.find((c) => c.id === tagged.id)?.tags).toEqual([
      { id: tag.id, name: 'Xit', color: '#FF3B30' },
    ]);
    expect(first.cards.find((c) => c.id === plain.id)?.tags).toEqual([]);

    await ctx.db.update(tags).set({ nameUz: 'Zo‘r taklif' }).where(eq(tags.id, tag.id));
    await ctx.db.insert(productTags).values({ productId: plain.id, tagId: tag.id });
    await within(1_000, async () => {
      const { cards: list } = await cards();
      return (
        list.find((c) => c.id === tagged.id)?.tags[0]?.name === 'Zo‘r taklif' &&
        list.find((c) => c.id === plain.id)?.tags.length === 1
      );
    });
  });

  it('filters by a brand added after the first filtered page, once its change is heard', async () => {
    expect((await cards('?brands=remembered-new')).status).toBe(400);
    const brand = await createBrand(ctx.db, { slug: 'remembered-new' });
    const branded = await createProduct(ctx.db, { categoryId: category.id, brandId: brand.id });
    await within(1_000, async () => (await cards('?brands=remembered-new')).status === 200);
    expect((await cards('?brands=remembered-new')).cards.map((c) => c.id)).toEqual([branded.id]);
    expect((await cards('?brands=remembered-new,no-such-brand')).status).toBe(400);
  });
});
