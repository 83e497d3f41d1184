/**
 * Brands, tags, colours and attributes with their values in the back office. What products still
 * use is not deleted: the refusal names how many use it (a tag's or a value's rows would
 * otherwise go with it silently, by their foreign keys' cascade).
 */
import type {
  AdminAttribute,
  AdminAttributeValue,
  AdminBrand,
  AdminColor,
  AdminTag,
  AttributeBody,
  AttributeValueBody,
  BrandBody,
  ColorBody,
  Lang,
  TagBody,
} from '@bozor/shared';
import { and, asc, eq, gte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  brands,
  colors,
  productAttributeValues,
  products,
  productTags,
  tags,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type ErrorCode, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { inUse, nextPosition, slugTaken, withUniqueSlug } from './admin-dictionaries-shared.ts';

/**
 * A column of the row a list reads, named with its table: a select from one table writes its
 * columns bare, and a bare "id" inside a subquery of products would be the product's own.
 */
const outer = (table: PgTable, column: PgColumn) => sql`${table}.${sql.identifier(column.name)}`;

const brandProducts = sql<number>`(select count(*) from ${products} where ${products.brandId} = ${outer(brands, brands.id)})::int`;
const colorProducts = sql<number>`(select count(*) from ${products} where ${products.colorId} = ${outer(colors, colors.id)})::int`;
const tagProducts = sql<number>`(select count(*) from ${productTags} where ${productTags.tagId} = ${outer(tags, tags.id)})::int`;
const valueProducts = sql<number>`(select count(*) from ${productAttributeValues} where ${productAttributeValues.valueId} = ${outer(attributeValues, attributeValues.id)})::int`;
const attributeProducts = sql<number>`(select count(distinct pav.product_id) from ${productAttributeValues} pav join ${attributeValues} av on av.id = pav.value_id where av.attribute_id = ${outer(attributes, attributes.id)})::int`;

/** Refuses a slug another row of `table` has. */
async function checkSlugFree(
  tx: Executor,
  table: PgTable & { id: PgColumn; slug: PgColumn },
  slug: string,
  lang: Lang,
  id?: number,
) {
  const [other] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), id === undefined ? undefined : ne(table.id, id)))
    .limit(1);
  if (other) throw slugTaken(lang);
}

/** How many products use the row, read under the row's lock; refused with that count. */
async function refuseInUse(
  tx: Executor,
  count: SQL<number>,
  from: PgTable,
  where: SQL,
  code: ErrorCode,
) {
  const [row] = await tx.select({ used: count }).from(from).where(where);
  if ((row?.used ?? 0) > 0) throw inUse(code, { products: row!.used });
}

// ---- brands ----

const toBrand = (b: typeof brands.$inferSelect, count: number): AdminBrand => ({
  id: b.id,
  slug: b.slug,
  name: b.name,
  logo: b.logo,
  product_count: count,
});

export async function listAdminBrands(db: Executor, id?: number): Promise<AdminBrand[]> {
  const rows = await db
    .select({ brand: brands, count: brandProducts })
    .from(brands)
    .where(id === undefined ? undefined : eq(brands.id, id))
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map((r) => toBrand(r.brand, r.count));
}

async function oneBrand(db: Executor, id: number): Promise<AdminBrand> {
  const [brand] = await listAdminBrands(db, id);
  if (!brand) throw notFound('BRAND_NOT_FOUND');
  return brand;
}

export async function saveBrand(
  db: Database,
  id: number | undefined,
  body: BrandBody,
  actor: Actor,
  lang: Lang,
): Promise<AdminBrand> {
  const values = { name: body.name, slug: body.slug, logo: body.logo ?? null };
  const savedId = await withUniqueSlug(lang, () =>
    inTransaction(db, async (tx) => {
      await checkSlugFree(tx, brands, body.slug, lang, id);
      if (id === undefined) {
        const [row] = await tx.insert(brands).values(values).returning();
        await recordAudit(tx, actor, {
          action: 'brand.create',
          objectType: 'brand',
          objectId: row!.id,
          after: values,
        });
        return row!.id;
      }
      const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!before) throw notFound('BRAND_NOT_FOUND');
      await tx.update(brands).set(values).where(eq(brands.id, id));
      await recordAudit(tx, actor, {
        action: 'brand.update',
        objectType: 'brand',
        objectId: id,
        before: { name: before.name, slug: before.slug, logo: before.logo },
        after: values,
      });
      return id;
    }),
  );
  return oneBrand(db, savedId);
}

export async function deleteBrand(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!row) throw notFound('BRAND_NOT_FOUND');
    await refuseInUse(tx, brandProducts, brands, eq(brands.id, id), 'BRAND_IN_USE');
    await tx.delete(brands).where(eq(brands.id, id));
    await recordAudit(tx, actor, {
      action: 'brand.delete',
      objectType: 'brand',
      objectId: id,
      before: { name: row.name, slug: row.slug, logo: row.logo },
    });
  });
}

// ---- tags ----

export async function listAdminTags(db: Executor, id?: number): Promise<AdminTag[]> {
  const rows = await db
    .select({ tag: tags, count: tagProducts })
    .from(tags)
    .where(id === undefined ? undefined : eq(tags.id, id))
    .orderBy(asc(tags.id));
  return rows.map(({ tag, count }) => ({
    id: tag.id,
    name_uz: tag.nameUz,
    name_ru: tag.nameRu,
    color: tag.color,
    product_count: count,
  }));
}

export async function saveTag(
  db: Database,
  id: number | undefined,
  body: TagBody,
  actor: Actor,
): Promise<AdminTag> {
  const values = { nameUz: body.name_uz, nameRu: body.name_ru, color: body.color };
  const savedId = await inTransaction(db, async (tx) => {
    if (id === undefined) {
      const [row] = await tx.insert(tags).values(values).returning();
      await recordAudit(tx, actor, {
        action: 'tag.create',
        objectType: 'tag',
        objectId: row!.id,
        after: body,
      });
      return row!.id;
    }
    const [before] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!before) throw notFound('TAG_NOT_FOUND');
    await tx.update(tags).set(values).where(eq(tags.id, id));
    await recordAudit(tx, actor, {
      action: 'tag.update',
      objectType: 'tag',
      objectId: id,
      before: { name_uz: before.nameUz, name_ru: before.nameRu, color: before.color },
      after: body,
    });
    return id;
  });
  const [tag] = await listAdminTags(db, savedId);
  return tag!;
}

export async function deleteTag(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!row) throw notFound('TAG_NOT_FOUND');
    await refuseInUse(tx, tagProducts, tags, eq(tags.id, id), 'TAG_IN_USE');
    await tx.delete(tags).where(eq(tags.id, id));
    await recordAudit(tx, actor, {
      action: 'tag.delete',
      objectType: 'tag',
      objectId: id,
      before: { name_uz: row.nameUz, name_ru: row.nameRu, color: row.color },
    });
  });
}

// ---- colours ----

export async function listAdminColors(db: Executor, id?: number): Promise<AdminColor[]> {
  const rows = await db
    .select({ color: colors, count: colorProducts })
    .from(colors)
    .where(id === undefined ? undefined : eq(colors.id, id))
    .orderBy(asc(colors.id));
  return rows.map(({ color, count }) => ({
    id: color.id,
    slug: color.slug,
    name_uz: color.nameUz,
    name_ru: color.nameRu,
    hex: color.hex,
    product_count: count,
  }));
}

export async function saveColor(
  db: Database,
  id: number | undefined,
  body: ColorBody,
  actor: Actor,
  lang: Lang,
): Promise<AdminColor> {
  const values = { nameUz: body.name_uz, nameRu: body.name_ru, slug: body.slug, hex: body.hex };
  const savedId = await withUniqueSlug(lang, () =>
    inTransaction(db, async (tx) => {
      await checkSlugFree(tx, colors, body.slug, lang, id);
      if (id === undefined) {
        const [row] = await tx.insert(colors).values(values).returning();
        await recordAudit(tx, actor, {
          action: 'color.create',
          objectType: 'color',
          objectId: row!.id,
          after: body,
        });
        return row!.id;
      }
      const [before] = await tx.select().from(colors).where(eq(colors.id, id)).for('update');
      if (!before) throw notFound('COLOR_NOT_FOUND');
      await tx.update(colors).set(values).where(eq(colors.id, id));
      await recordAudit(tx, actor, {
        action: 'color.update',
        objectType: 'color',
        objectId: id,
        before: {
          name_uz: before.nameUz,
          name_ru: before.nameRu,
          slug: before.slug,
          hex: before.hex,
        },
        after: body,
      });
      return id;
    }),
  );
  const [color] = await listAdminColors(db, savedId);
  return color!;
}

export async function deleteColor(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(colors).where(eq(colors.id, id)).for('update');
    if (!row) throw notFound('COLOR_NOT_FOUND');
    await refuseInUse(tx, colorProducts, colors, eq(colors.id, id), 'COLOR_IN_USE');
    await tx.delete(colors).where(eq(colors.id, id));
    await recordAudit(tx, actor, {
      action: 'color.delete',
      objectType: 'color',
      objectId: id,
      before: { name_uz: row.nameUz, name_ru: row.nameRu, slug: row.slug, hex: row.hex },
    });
  });
}

// ---- attributes and their values ----

export async function listAdminAttributes(db: Executor, id?: number): Promise<AdminAttribute[]> {
  const [rows, values] = await Promise.all([
    db
      .select({ attribute: attributes, count: attributeProducts })
      .from(attributes)
      .where(id === undefined ? undefined : eq(attributes.id, id))
      .orderBy(asc(attributes.id)),
    db
      .select({ value: attributeValues, count: valueProducts })
      .from(attributeValues)
      .where(id === undefined ? undefined : eq(attributeValues.attributeId, id))
      .orderBy(asc(attributeValues.position), asc(attributeValues.id)),
  ]);
  const byAttribute = new Map<number, AdminAttributeValue[]>();
  for (const { value, count } of values) {
    byAttribute.set(value.attributeId, [
      ...(byAttribute.get(value.attributeId) ?? []),
      {
        id: value.id,
        value_uz: value.valueUz,
        value_ru: value.valueRu,
        position: value.position,
        product_count: count,
      },
    ]);
  }
  return rows.map(({ attribute, count }) => ({
    id: attribute.id,
    slug: attribute.slug,
    name_uz: attribute.nameUz,
    name_ru: attribute.nameRu,
    product_count: count,
    values: byAttribute.get(attribute.id) ?? [],
  }));
}

async function oneAttribute(db: Executor, id: number): Promise<AdminAttribute> {
  const [attribute] = await listAdminAttributes(db, id);
  if (!attribute) throw notFound('ATTRIBUTE_NOT_FOUND');
  return attribute;
}

export async function saveAttribute(
  db: Database,
  id: number | undefined,
  body: AttributeBody,
  actor: Actor,
  lang: Lang,
): Promise<AdminAttribute> {
  const values = { nameUz: body.name_uz, nameRu: body.name_ru, slug: body.slug };
  const savedId = await withUniqueSlug(lang, () =>
    inTransaction(db, async (tx) => {
      await checkSlugFree(tx, attributes, body.slug, lang, id);
      if (id === undefined) {
        const [row] = await tx.insert(attributes).values(values).returning();
        await recordAudit(tx, actor, {
          action: 'attribute.create',
          objectType: 'attribute',
          objectId: row!.id,
          after: body,
        });
        return row!.id;
      }
      const [before] = await tx
        .select()
        .from(attributes)
        .where(eq(attributes.id, id))
        .for('update');
      if (!before) throw notFound('ATTRIBUTE_NOT_FOUND');
      await tx.update(attributes).set(values).where(eq(attributes.id, id));
      await recordAudit(tx, actor, {
        action: 'attribute.update',
        objectType: 'attribute',
        objectId: id,
        before: { name_uz: before.nameUz, name_ru: before.nameRu, slug: before.slug },
        after: body,
      });
      return id;
    }),
  );
  return oneAttribute(db, savedId);
}

/** An attribute goes with its values, so only when no product has any of them. */
export async function deleteAttribute(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
    if (!row) throw notFound('ATTRIBUTE_NOT_FOUND');
    await refuseInUse(tx, attributeProducts, attributes, eq(attributes.id, id), 'ATTRIBUTE_IN_USE');
    const values = await tx
      .select()
      .from(attributeValues)
      .where(eq(attributeValues.attributeId, id));
    await tx.delete(attributes).where(eq(attributes.id, id));
    await recordAudit(tx, actor, {
      action: 'attribute.delete',
      objectType: 'attribute',
      objectId: id,
      before: {
        name_uz: row.nameUz,
        name_ru: row.nameRu,
        slug: row.slug,
        values: values.map((v) => ({ id: v.id, value_uz: v.valueUz, value_ru: v.valueRu })),
      },
    });
  });
}

export async function saveAttributeValue(
  db: Database,
  attributeId: number,
  valueId: number | undefined,
  body: AttributeValueBody,
  actor: Actor,
): Promise<AdminAttribute> {
  await inTransaction(db, async (tx) => {
    const [attribute] = await tx
      .select()
      .from(attributes)
      .where(eq(attributes.id, attributeId))
      .for('update');
    if (!attribute) throw notFound('ATTRIBUTE_NOT_FOUND');
    if (valueId === undefined) {
      const siblings = await tx
        .select({ position: attributeValues.position })
        .from(attributeValues)
        .where(eq(attributeValues.attributeId, attributeId));
      const position = body.position ?? nextPosition(siblings.map((s) => s.position));
      // a value put at a place moves those from there on one down
      if (body.position !== undefined) {
        await tx
          .update(attributeValues)
          .set({ position: sql`${attributeValues.position} + 1` })
          .where(
            and(
              eq(attributeValues.attributeId, attributeId),
              gte(attributeValues.position, body.position),
            ),
          );
      }
      const [row] = await tx
        .insert(attributeValues)
        .values({ attributeId, valueUz: body.value_uz, valueRu: body.value_ru, position })
        .returning();
      await recordAudit(tx, actor, {
        action: 'attribute_value.create',
        objectType: 'attribute_value',
        objectId: row!.id,
        after: { attribute_id: attributeId, ...body, position },
      });
      return;
    }
    const where = and(
      eq(attributeValues.id, valueId),
      eq(attributeValues.attributeId, attributeId),
    );
    const [before] = await tx.select().from(attributeValues).where(where).for('update');
    if (!before) throw notFound('ATTRIBUTE_VALUE_NOT_FOUND');
    const position = body.position ?? before.position;
    await tx
      .update(attributeValues)
      .set({ valueUz: body.value_uz, valueRu: body.value_ru, position })
      .where(where);
    await recordAudit(tx, actor, {
      action: 'attribute_value.update',
      objectType: 'attribute_value',
      objectId: valueId,
      before: { value_uz: before.valueUz, value_ru: before.valueRu, position: before.position },
      after: { value_uz: body.value_uz, value_ru: body.value_ru, position },
    });
  });
  return oneAttribute(db, attributeId);
}

export async function deleteAttributeValue(
  db: Database,
  attributeId: number,
  valueId: number,
  actor: Actor,
): Promise<AdminAttribute> {
  await inTransaction(db, async (tx) => {
    const where = and(
      eq(attributeValues.id, valueId),
      eq(attributeValues.attributeId, attributeId),
    ) as SQL;
    const [row] = await tx.select().from(attributeValues).where(where).for('update');
    if (!row) throw notFound('ATTRIBUTE_VALUE_NOT_FOUND');
    await refuseInUse(tx, valueProducts, attributeValues, where, 'ATTRIBUTE_VALUE_IN_USE');
    await tx.delete(attributeValues).where(where);
    await recordAudit(tx, actor, {
      action: 'attribute_value.delete',
      objectType: 'attribute_value',
      objectId: valueId,
      before: { attribute_id: attributeId, value_uz: row.valueUz, value_ru: row.valueRu },
    });
  });
  return oneAttribute(db, attributeId);
}
