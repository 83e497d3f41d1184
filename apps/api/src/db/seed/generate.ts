/** Pure generation of the demo catalogue: plain rows with their ids, no database involved. */
import type {
  attributes,
  attributeValues,
  brands,
  categories,
  colors,
  contacts,
  productAttributeValues,
  products,
  productTags,
  tags,
  tariffs,
} from '../schema/index.ts';
import { ATTRIBUTES, type AttributeDef, type AttributeValueDef } from './attributes.ts';
import { BRAND_NAMES, BUDGET_BRANDS, PREMIUM_BRANDS } from './brands.ts';
import { CATEGORY_TREE, type LeafDef } from './categories.ts';
import { describeProduct, type Feature } from './descriptions.ts';
import {
  type AttributeUse,
  type BrandModels,
  type Gender,
  type Group,
  type ModelDef,
  type Noun,
  PROFILES,
} from './profiles.ts';
import { createRandom, type Random, roundPrice, slugify } from './random.ts';
import { COLORS, CONTACTS, TAGS, TARIFFS, type TagKey } from './reference.ts';

export const DEFAULT_PRODUCTS = 2_000;
export const DEFAULT_SEED = 20_240_901;
/** Products are dated within the year before this moment; fixed so that output is repeatable. */
export const CATALOGUE_EPOCH = Date.UTC(2025, 5, 1, 9, 0, 0);

type WithId<T> = T & { id: number };

export interface GeneratedCatalogue {
  categories: WithId<typeof categories.$inferInsert>[];
  brands: WithId<typeof brands.$inferInsert>[];
  colors: WithId<typeof colors.$inferInsert>[];
  tags: WithId<typeof tags.$inferInsert>[];
  attributes: WithId<typeof attributes.$inferInsert>[];
  attributeValues: WithId<typeof attributeValues.$inferInsert>[];
  products: WithId<typeof products.$inferInsert>[];
  productTags: (typeof productTags.$inferInsert)[];
  productAttributeValues: (typeof productAttributeValues.$inferInsert)[];
  tariffs: (typeof tariffs.$inferInsert)[];
  contacts: (typeof contacts.$inferInsert)[];
}

export interface GenerateOptions {
  products?: number;
  seed?: number;
}

/** A leaf category with its profile narrowed by the leaf's overrides. */
export interface ResolvedLeaf {
  categoryId: number;
  slug: string;
  kind: (typeof PROFILES)[keyof typeof PROFILES]['kind'];
  group: Group;
  noun: Noun;
  price: readonly [number, number];
  brands: [slug: string, models: readonly ModelDef[]][];
  attributes: AttributeUse[];
  spec: readonly [string, string] | undefined;
  colors: readonly string[];
  weight: number;
}

const GENDER_INDEX: Record<Gender, number> = { m: 0, f: 1, n: 2, p: 3 };
const NO_BRAND = '-';
const DAY = 86_400_000;

function resolveLeaf(leaf: LeafDef, categoryId: number): ResolvedLeaf {
  const [slug, , , profileId, override = {}] = leaf;
  const profile = PROFILES[profileId];
  const profileBrands: BrandModels = profile.brands;
  let brandList: [string, readonly ModelDef[]][];
  if (Array.isArray(override.brands)) {
    brandList = (override.brands as readonly string[]).map((b) => {
      const models = profileBrands[b];
      if (!models) throw new Error(`leaf ${slug}: brand ${b} is not in profile ${profileId}`);
      return [b, models];
    });
  } else {
    brandList = Object.entries((override.brands as BrandModels | undefined) ?? profileBrands);
  }
  const profileAttributes: readonly AttributeUse[] =
    'attributes' in profile ? profile.attributes : [];
  const attributes = (override.attributes ?? profileAttributes).map((use) => {
    const tokens = override.tokens?.[use.slug];
    return tokens ? { ...use, tokens } : use;
  });
  const profileSpec: readonly [string, string] | undefined =
    'spec' in profile ? profile.spec : undefined;
  const profileColors: readonly string[] = 'colors' in profile ? profile.colors : [];
  return {
    categoryId,
    slug,
    kind: override.kind ?? profile.kind,
    group: profile.group,
    noun: override.noun ?? profile.noun,
    price: override.price ?? profile.price,
    brands: brandList,
    attributes,
    spec: override.spec === null ? undefined : (override.spec ?? profileSpec),
    colors: override.colors ?? profileColors,
    weight: override.weight ?? 1,
  };
}

function attributeOf(slug: string): AttributeDef {
  const found = ATTRIBUTES.find((a) => a.slug === slug);
  if (!found) throw new Error(`unknown attribute ${slug}`);
  return found;
}

interface Chosen {
  def: AttributeDef;
  values: AttributeValueDef[];
  /** Where the single value sits in the leaf's range, 0–1; undefined for several values. */
  rank: number | undefined;
}

function chooseAttributes(rnd: Random, leaf: ResolvedLeaf): Chosen[] {
  return leaf.attributes.map((use) => {
    const def = attributeOf(use.slug);
    const tokens = use.tokens ?? def.values.map((v) => v.token);
    const values = tokens.map((t) => {
      const value = def.values.find((v) => v.token === t);
      if (!value) throw new Error(`leaf ${leaf.slug}: ${use.slug} has no value ${t}`);
      return value;
    });
    if (use.multi) {
      const take = rnd.int(
        Math.min(use.multi[0], values.length),
        Math.min(use.multi[1], values.length),
      );
      const start = rnd.int(0, values.length - take);
      return { def, values: values.slice(start, start + take), rank: undefined };
    }
    const index = rnd.int(0, values.length - 1);
    const value = values[index] as AttributeValueDef;
    return { def, values: [value], rank: values.length > 1 ? index / (values.length - 1) : 0.5 };
  });
}

/** Fills `{attribute}` with the product's value token, `{a|b}` with a choice, `#` with a digit. */
function expand(rnd: Random, template: string, chosen: readonly Chosen[], where: string): string {
  return template
    .replace(/\{([^}]+)\}/g, (_, inner: string) => {
      if (inner.includes('|')) return rnd.pick(inner.split('|'));
      const found = chosen.find((c) => c.def.slug === inner && c.rank !== undefined);
      if (!found) throw new Error(`${where}: no single value of ${inner} for "${template}"`);
      return (found.values[0] as AttributeValueDef).token;
    })
    .replace(/#/g, () => String(rnd.int(0, 9)));
}

function pickWeighted(rnd: Random, leaves: readonly ResolvedLeaf[], total: number): ResolvedLeaf {
  let point = rnd.next() * total;
  for (const leaf of leaves) {
    point -= leaf.weight;
    if (point < 0) return leaf;
  }
  return leaves[leaves.length - 1] as ResolvedLeaf;
}

function buildCategories(): {
  rows: GeneratedCatalogue['categories'];
  leaves: ResolvedLeaf[];
} {
  const rows: GeneratedCatalogue['categories'] = [];
  const leaves: ResolvedLeaf[] = [];
  let id = 0;
  const image = (kind: string) => `/media/categories/${kind}.svg`;
  const firstKind = (leaf: LeafDef | undefined): string => {
    if (!leaf) throw new Error('a category without leaves');
    return leaf[4]?.kind ?? PROFILES[leaf[3]].kind;
  };
  for (const [rootPosition, root] of CATEGORY_TREE.entries()) {
    const rootId = ++id;
    rows.push({
      id: rootId,
      parentId: null,
      slug: root.slug,
      nameUz: root.nameUz,
      nameRu: root.nameRu,
      image: image(firstKind(root.subs[0]?.[3][0])),
      position: rootPosition,
      isTop: root.isTop,
    });
    for (const [subPosition, [subSlug, subUz, subRu, subLeaves]] of root.subs.entries()) {
      const subId = ++id;
      rows.push({
        id: subId,
        parentId: rootId,
        slug: subSlug,
        nameUz: subUz,
        nameRu: subRu,
        image: image(firstKind(subLeaves[0])),
        position: subPosition,
        isTop: false,
      });
      for (const [leafPosition, leaf] of subLeaves.entries()) {
        const leafId = ++id;
        const resolved = resolveLeaf(leaf, leafId);
        leaves.push(resolved);
        rows.push({
          id: leafId,
          parentId: subId,
          slug: leaf[0],
          nameUz: leaf[1],
          nameRu: leaf[2],
          image: image(resolved.kind),
          position: leafPosition,
          isTop: false,
        });
      }
    }
  }
  return { rows, leaves };
}

function buildAttributes(): {
  attributeRows: GeneratedCatalogue['attributes'];
  valueRows: GeneratedCatalogue['attributeValues'];
  valueIds: Map<string, number>;
} {
  const attributeRows: GeneratedCatalogue['attributes'] = [];
  const valueRows: GeneratedCatalogue['attributeValues'] = [];
  const valueIds = new Map<string, number>();
  for (const [i, def] of ATTRIBUTES.entries()) {
    const attributeId = i + 1;
    attributeRows.push({ id: attributeId, slug: def.slug, nameUz: def.nameUz, nameRu: def.nameRu });
    for (const [position, value] of def.values.entries()) {
      const id = valueRows.length + 1;
      valueRows.push({ id, attributeId, valueUz: value.uz, valueRu: value.ru, position });
      valueIds.set(`${def.slug}\u0000${value.token}`, id);
    }
  }
  return { attributeRows, valueRows, valueIds };
}

/** The whole demo catalogue as rows; the same options always give the same rows. */
export function generateCatalogue(options: GenerateOptions = {}): GeneratedCatalogue {
  const count = options.products ?? DEFAULT_PRODUCTS;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(count) || count < 0) throw new Error('products must be a whole number ≥ 0');
  if (!Number.isInteger(seed)) throw new Error('seed must be a whole number');
  const rnd = createRandom(seed);

  const { rows: categoryRows, leaves } = buildCategories();
  const { attributeRows, valueRows, valueIds } = buildAttributes();

  const colorRows = COLORS.map((c, i) => ({
    id: i + 1,
    slug: c.slug,
    nameUz: c.nameUz,
    nameRu: c.ru[0],
    hex: c.hex,
  }));
  const colorBySlug = new Map(COLORS.map((c, i) => [c.slug, { def: c, id: i + 1 }]));

  const usedBrands = new Set(leaves.flatMap((l) => l.brands.map(([b]) => b)));
  usedBrands.delete(NO_BRAND);
  const brandRows = Object.keys(BRAND_NAMES)
    .filter((slug) => usedBrands.has(slug))
    .map((slug, i) => ({
      id: i + 1,
      slug,
      name: BRAND_NAMES[slug] as string,
      logo: `/media/brands/${slug}.svg`,
    }));
  const brandIds = new Map(brandRows.map((b) => [b.slug, b.id]));
  for (const slug of usedBrands) {
    if (!brandIds.has(slug)) throw new Error(`brand ${slug} has no name in BRAND_NAMES`);
  }

  const tagRows = TAGS.map((t, i) => ({
    id: i + 1,
    nameUz: t.nameUz,
    nameRu: t.nameRu,
    color: t.color,
  }));
  const tagIds = new Map<TagKey, number>(TAGS.map((t, i) => [t.key, i + 1]));

  const productRows: GeneratedCatalogue['products'] = [];
  const productTagRows: GeneratedCatalogue['productTags'] = [];
  const valueRowsOfProducts: GeneratedCatalogue['productAttributeValues'] = [];
  const totalWeight = leaves.reduce((sum, l) => sum + l.weight, 0);

  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const leaf =
      i < leaves.length ? (leaves[i] as ResolvedLeaf) : pickWeighted(rnd, leaves, totalWeight);
    const [brandSlug, models] = rnd.pick(leaf.brands);
    const model = rnd.pick(models);
    const chosen = chooseAttributes(rnd, leaf);
    const where = `leaf ${leaf.slug}`;
    let modelUz: string;
    let modelRu: string;
    if (typeof model === 'string') {
      modelUz = expand(rnd, model, chosen, where);
      modelRu = modelUz;
    } else {
      modelUz = expand(rnd, model[0], chosen, where);
      modelRu = expand(rnd, model[1], chosen, where);
    }
    const specRu = leaf.spec ? expand(rnd, leaf.spec[0], chosen, where) : '';
    const specUz = leaf.spec ? expand(rnd, leaf.spec[1], chosen, where) : '';
    const colorSlug = leaf.colors.length > 0 ? rnd.pick(leaf.colors) : undefined;
    const color = colorSlug ? colorBySlug.get(colorSlug) : undefined;
    if (colorSlug && !color) throw new Error(`${where}: unknown colour ${colorSlug}`);
    const brandName = brandSlug === NO_BRAND ? '' : (BRAND_NAMES[brandSlug] as string);

    const titleRu = [brandName, modelRu].filter(Boolean).join(' ');
    const titleUz = [brandName, modelUz].filter(Boolean).join(' ');
    const nameRu =
      [leaf.noun.ru, titleRu, specRu].filter(Boolean).join(' ') +
      (color ? `, ${color.def.ru[GENDER_INDEX[leaf.noun.g]]}` : '');
    const nameUz =
      [titleUz, specUz, leaf.noun.uz].filter(Boolean).join(' ') +
      (color ? `, ${color.def.nameUz}` : '');

    const ranks = chosen.flatMap((c) => (c.rank === undefined ? [] : [c.rank]));
    const attributeShare =
      ranks.length > 0 ? ranks.reduce((a, b) => a + b, 0) / ranks.length : rnd.next();
    let share = 0.55 * attributeShare + 0.45 * rnd.next();
    if (PREMIUM_BRANDS.has(brandSlug)) share = 0.4 + 0.6 * share;
    else if (BUDGET_BRANDS.has(brandSlug)) share *= 0.6;
    const [low, high] = leaf.price;
    const price = roundPrice(low * (high / low) ** share);
    let oldPrice: number | null = null;
    if (rnd.chance(0.35)) {
      const ceiling = Math.floor((price * 1.4) / 1_000) * 1_000;
      const raw = price * (1 + rnd.int(5, 40) / 100);
      const rounded = raw >= 100_000 ? roundPrice(raw) : Math.ceil(raw / 1_000) * 1_000;
      const candidate = Math.min(rounded, ceiling);
      oldPrice = candidate > price ? candidate : null;
    }
    const popularity = Math.round(10 + 990 * rnd.next() + 99_000 * rnd.next() ** 12);
    const createdAt = new Date(CATALOGUE_EPOCH - Math.floor(rnd.next() * 365 * DAY));

    const features: Feature[] = chosen.map((c) => ({
      nameRu: c.def.nameRu,
      nameUz: c.def.nameUz,
      valuesRu: c.values.map((v) => v.ru),
      valuesUz: c.values.map((v) => v.uz),
    }));
    const description = describeProduct(rnd, {
      group: leaf.group,
      titleRu: titleRu || modelRu,
      titleUz: titleUz || modelUz,
      features,
    });

    // variant = 4 × group and the illustration paints group % 10 in that colour (media/look.ts)
    const look = color ? color.def.look : i % 10;
    const base = ((i % 250) * 10 + look) * 4;
    const imageCount = rnd.chance(0.5) ? 3 : 4;
    const images = Array.from(
      { length: imageCount },
      (_, k) => `/media/products/${leaf.kind}/${base + k}.svg`,
    );

    productRows.push({
      id,
      slug: `${slugify(nameUz)}-${id.toString(36)}`,
      code: `BZ-${String(id).padStart(6, '0')}`,
      nameUz,
      nameRu,
      descriptionUz: description.uz,
      descriptionRu: description.ru,
      price,
      oldPrice,
      categoryId: leaf.categoryId,
      brandId: brandSlug === NO_BRAND ? null : (brandIds.get(brandSlug) ?? null),
      colorId: color?.id ?? null,
      images,
      popularity,
      isActive: true,
      createdAt,
    });

    for (const c of chosen) {
      for (const v of c.values) {
        const valueId = valueIds.get(`${c.def.slug}\u0000${v.token}`) as number;
        valueRowsOfProducts.push({ productId: id, valueId });
      }
    }

    const tagged: TagKey[] = [];
    if (popularity >= 60_000) tagged.push('hit');
    if (oldPrice !== null && oldPrice >= price * 1.2 && rnd.chance(0.6)) tagged.push('sale');
    if (CATALOGUE_EPOCH - createdAt.getTime() < 30 * DAY && rnd.chance(0.7)) tagged.push('new');
    if (rnd.chance(0.08)) tagged.push('fast');
    if (PREMIUM_BRANDS.has(brandSlug) && rnd.chance(0.15)) tagged.push('original');
    for (const key of tagged.slice(0, 2)) {
      productTagRows.push({ productId: id, tagId: tagIds.get(key) as number });
    }
  }

  return {
    categories: categoryRows,
    brands: brandRows,
    colors: colorRows,
    tags: tagRows,
    attributes: attributeRows,
    attributeValues: valueRows,
    products: productRows,
    productTags: productTagRows,
    productAttributeValues: valueRowsOfProducts,
    tariffs: TARIFFS.map((t) => ({ ...t, isActive: true })),
    contacts: CONTACTS.map((c) => ({ ...c })),
  };
}
