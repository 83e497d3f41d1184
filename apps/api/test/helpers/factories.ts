import type { Executor } from '../../src/db/client.ts';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  collectionProducts,
  collections,
  colors,
  contacts,
  credits,
  productAttributeValues,
  products,
  productTags,
  tags,
  tariffs,
} from '../../src/db/schema/index.ts';

let sequence = 0;
const next = () => ++sequence;

export const DEMO_TARIFFS = [
  { months: 3, markupPercent: 12 },
  { months: 6, markupPercent: 24 },
  { months: 9, markupPercent: 35 },
  { months: 12, markupPercent: 44 },
];

export async function createTariffs(db: Executor, list = DEMO_TARIFFS) {
  return db.insert(tariffs).values(list).returning();
}

export async function createCategory(
  db: Executor,
  overrides: Partial<typeof categories.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({
      slug: `category-${n}`,
      nameUz: `Kategoriya ${n}`,
      nameRu: `Категория ${n}`,
      image: '/media/categories/smartphone.svg',
      position: n,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createBrand(
  db: Executor,
  overrides: Partial<typeof brands.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(brands)
    .values({ slug: `brand-${n}`, name: `Brand ${n}`, ...overrides })
    .returning();
  return row!;
}

export async function createProduct(
  db: Executor,
  overrides: Partial<typeof products.$inferInsert> & { categoryId: number },
) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      slug: `product-${n}`,
      code: String(10_000_000 + n),
      nameUz: `Mahsulot ${n}`,
      nameRu: `Товар ${n}`,
      descriptionUz: `<p>Tavsif ${n}</p>`,
      descriptionRu: `<p>Описание ${n}</p>`,
      price: 1_000_000,
      stock: 100,
      // the front view of a drawn smartphone: an address the media routes serve
      images: [`/media/products/smartphone/${(n % 2_500) * 4}.svg`],
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createTag(
  db: Executor,
  productIds: number[],
  overrides: Partial<typeof tags.$inferInsert> = {},
) {
  const [tag] = await db
    .insert(tags)
    .values({ nameUz: 'Yangi', nameRu: 'Новинка', color: '#22C55E', ...overrides })
    .returning();
  if (productIds.length > 0) {
    await db
      .insert(productTags)
      .values(productIds.map((productId) => ({ productId, tagId: tag!.id })));
  }
  return tag!;
}

export async function createOption(
  db: Executor,
  productId: number,
  option: { nameUz: string; nameRu: string; valueUz: string; valueRu: string },
) {
  const n = next();
  const [attribute] = await db
    .insert(attributes)
    .values({ slug: `attribute-${n}`, nameUz: option.nameUz, nameRu: option.nameRu })
    .returning();
  const [value] = await db
    .insert(attributeValues)
    .values({ attributeId: attribute!.id, valueUz: option.valueUz, valueRu: option.valueRu })
    .returning();
  await db.insert(productAttributeValues).values({ productId, valueId: value!.id });
}

export async function createContacts(db: Executor) {
  return db
    .insert(contacts)
    .values([
      { key: 'phone', value: '+998 71 200 00 00', position: 1 },
      { key: 'telegram', value: 'https://t.me/bozor_support', position: 2 },
    ])
    .returning();
}

export async function createColor(
  db: Executor,
  overrides: Partial<typeof colors.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(colors)
    .values({
      slug: `color-${n}`,
      nameUz: `Rang ${n}`,
      nameRu: `Цвет ${n}`,
      hex: '#000000',
      ...overrides,
    })
    .returning();
  return row!;
}

/** An attribute with values; returns the value ids in order. */
export async function createAttribute(
  db: Executor,
  attribute: { slug: string; nameUz: string; nameRu: string },
  values: { valueUz: string; valueRu: string }[],
) {
  const [row] = await db.insert(attributes).values(attribute).returning();
  const inserted = await db
    .insert(attributeValues)
    .values(values.map((v, position) => ({ ...v, attributeId: row!.id, position })))
    .returning();
  return { attribute: row!, valueIds: inserted.map((v) => v.id) };
}

export async function assignValues(db: Executor, productId: number, valueIds: number[]) {
  await db
    .insert(productAttributeValues)
    .values(valueIds.map((valueId) => ({ productId, valueId })));
}

/** A collection holding the products in the given order. */
export async function createCollection(
  db: Executor,
  productIds: number[],
  overrides: Partial<typeof collections.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(collections)
    .values({
      slug: `collection-${n}`,
      nameUz: `To'plam ${n}`,
      nameRu: `Подборка ${n}`,
      ...overrides,
    })
    .returning();
  if (productIds.length > 0) {
    await db
      .insert(collectionProducts)
      .values(
        productIds.map((productId, position) => ({ collectionId: row!.id, productId, position })),
      );
  }
  return row!;
}

/** A credit as the ledger sees one: whose it is and what its schedule sums to. */
export async function createCredit(db: Executor, customerId: number, total = 6_000_000) {
  const [row] = await db.insert(credits).values({ customerId, total }).returning();
  return row!;
}
