/** Pure generation of the demo catalogue: plain rows with their ids, no database involved. */
import type { ProductKind } from '../media/kinds.ts';
import {
  type AttributeDef,
  type AttributeUse,
  type AttributeValueDef,
  type CatalogueData,
  catalogueData,
  type Gender,
  type Group,
  type LeafDef,
  type ModelDef,
  type Noun,
  type TagKey,
} from './data.ts';
import { describeProduct, type Feature } from './descriptions.ts';
import { createRandom, type Random, roundPrice, slugify } from './random.ts';

export const DEFAULT_PRODUCTS = 2_000;
export const DEFAULT_SEED = 20_240_901;
/** Products are dated within the year before this moment; fixed so that output is repeatable. */
export const CATALOGUE_EPOCH = Date.UTC(2025, 5, 1, 9, 0, 0);

export interface CategoryRow {
  id: number;
  parentId: number | null;
  slug: string;
  nameUz: string;
  nameRu: string;
  image: string;
  position: number;
  isTop: boolean;
}

export interface BrandRow {
  id: number;
  slug: string;
  name: string;
  logo: string;
}

export interface ColorRow {
  id: number;
  slug: string;
  nameUz: string;
  nameRu: string;
  hex: string;
}

export interface TagRow {
  id: number;
  nameUz: string;
  nameRu: string;
  color: string;
}

export interface AttributeRow {
  id: number;
  slug: string;
  nameUz: string;
  nameRu: string;
}

export interface AttributeValueRow {
  id: number;
  attributeId: number;
  valueUz: string;
  valueRu: string;
  position: number;
}

export interface ProductRow {
  id: number;
  slug: string;
  code: string;
  nameUz: string;
  nameRu: string;
  descriptionUz: string;
  descriptionRu: string;
  /** Whole sum. */
  price: number;
  oldPrice: number | null;
  categoryId: number;
  brandId: number | null;
  colorId: number | null;
  /** `/media/products/{kind}/{variant}.svg` addresses that renderMedia draws. */
  images: string[];
  popularity: number;
  /** Units on hand; every demo product has some. */
  stock: number;
  isActive: boolean;
  createdAt: Date;
}

/**
 * The demo catalogue as plain rows, keyed like the shop's tables. Ids count from 1 within each
 * list and rows refer to each other by them; whoever writes the rows may move them.
 */
export interface GeneratedCatalogue {
  categories: CategoryRow[];
  brands: BrandRow[];
  colors: ColorRow[];
  tags: TagRow[];
  attributes: AttributeRow[];
  attributeValues: AttributeValueRow[];
  products: ProductRow[];
  productTags: { productId: number; tagId: number }[];
  productAttributeValues: { productId: number; valueId: number }[];
  tariffs: { months: number; markupPercent: number; isActive: boolean }[];
  contacts: { key: string; value: string; position: number }[];
}

export interface GenerateOptions {
  products?: number;
  seed?: number;
}

/** A leaf category with its profile narrowed by the leaf's overrides. */
export interface ResolvedLeaf {
  categoryId: number;
  slug: string;
  kind: ProductKind;
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

function profileOf(data: CatalogueData, leaf: LeafDef) {
  const profile = data.profiles[leaf.profile];
  if (!profile) throw new Error(`leaf ${leaf.slug}: no profile ${leaf.profile}`);
  return profile;
}

/** A leaf's fields override its profile's. */
function resolveLeaf(data: CatalogueData, leaf: LeafDef, categoryId: number): ResolvedLeaf {
  const profile = profileOf(data, leaf);
  let brandList: [string, readonly ModelDef[]][];
  if (Array.isArray(leaf.brands)) {
    brandList = leaf.brands.map((b) => {
      const models = profile.brands[b];
      if (!models)
        throw new Error(`leaf ${leaf.slug}: brand ${b} is not in profile ${leaf.profile}`);
      return [b, models];
    });
  } else {
    brandList = Object.entries(leaf.brands ?? profile.brands);
  }
  const attributes = (leaf.attributes ?? profile.attributes ?? []).map((use) => {
    const tokens = leaf.tokens?.[use.slug];
    return tokens ? { ...use, tokens } : use;
  });
  return {
    categoryId,
    slug: leaf.slug,
    kind: leaf.kind ?? profile.kind,
    group: profile.group,
    noun: leaf.noun ?? profile.noun,
    price: leaf.price ?? profile.price,
    brands: brandList,
    attributes,
    spec: leaf.spec === null ? undefined : (leaf.spec ?? profile.spec),
    colors: leaf.colors ?? profile.colors ?? [],
    weight: leaf.weight ?? 1,
  };
}

function attributeOf(data: CatalogueData, slug: string): AttributeDef {
  const found = data.attributes.find((a) => a.slug === slug);
  if (!found) throw new Error(`unknown attribute ${slug}`);
  return found;
}

interface Chosen {
  def: AttributeDef;
  values: AttributeValueDef[];
  /** Where the single value sits in the leaf's range, 0–1; undefined for several values. */
  rank: number | undefined;
}

function chooseAttributes(data: CatalogueData, rnd: Random, leaf: ResolvedLeaf): Chosen[] {
  return leaf.attributes.map((use) => {
    const def = attributeOf(data, use.slug);
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

function buildCategories(data: CatalogueData): {
  rows: GeneratedCatalogue['categories'];
  leaves: ResolvedLeaf[];
} {
  const rows: GeneratedCatalogue['categories'] = [];
  const leaves: ResolvedLeaf[] = [];
  let id = 0;
  const image = (kind: string) => `/media/categories/${kind}.svg`;
  const firstKind = (leaf: LeafDef | undefined): string => {
    if (!leaf) throw new Error('a category without leaves');
    return leaf.kind ?? profileOf(data, leaf).kind;
  };
  for (const [rootPosition, root] of data.categories.entries()) {
    const rootId = ++id;
    rows.push({
      id: rootId,
      parentId: null,
      slug: root.slug,
      nameUz: root.nameUz,
      nameRu: root.nameRu,
      image: image(firstKind(root.subs[0]?.leaves[0])),
      position: rootPosition,
      isTop: root.isTop,
    });
    for (const [subPosition, sub] of root.subs.entries()) {
      const subId = ++id;
      rows.push({
        id: subId,
        parentId: rootId,
        slug: sub.slug,
        nameUz: sub.nameUz,
        nameRu: sub.nameRu,
        image: image(firstKind(sub.leaves[0])),
        position: subPosition,
        isTop: false,
      });
      for (const [leafPosition, leaf] of sub.leaves.entries()) {
        const leafId = ++id;
        const resolved = resolveLeaf(data, leaf, leafId);
        leaves.push(resolved);
        rows.push({
          id: leafId,
          parentId: subId,
          slug: leaf.slug,
          nameUz: leaf.nameUz,
          nameRu: leaf.nameRu,
          image: image(resolved.kind),
          position: leafPosition,
          isTop: false,
        });
      }
    }
  }
  return { rows, leaves };
}

function buildAttributes(data: CatalogueData): {
  attributeRows: GeneratedCatalogue['attributes'];
  valueRows: GeneratedCatalogue['attributeValues'];
  valueIds: Map<string, number>;
} {
  const attributeRows: GeneratedCatalogue['attributes'] = [];
  const valueRows: GeneratedCatalogue['attributeValues'] = [];
  const valueIds = new Map<string, number>();
  for (const [i, def] of data.attributes.entries()) {
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

/** Draws stock from a stream of its own, so a seed's other columns are as they were before stock. */
const STOCK_STREAM = 0x5702c;

/** Units on hand: the shop keeps more of what sells, and about one in twenty slow sellers is sold out. */
function stockOf(rnd: Random, popularity: number): number {
  if (popularity >= 10_000) return rnd.int(40, 200);
  if (popularity >= 1_000) return rnd.int(10, 80);
  const units = rnd.int(1, 25);
  return rnd.int(1, 20) === 1 ? 0 : units;
}

/** The whole demo catalogue as rows; the same options always give the same rows. */
export function generateCatalogue(options: GenerateOptions = {}): GeneratedCatalogue {
  const count = options.products ?? DEFAULT_PRODUCTS;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(count) || count < 0) throw new Error('products must be a whole number ≥ 0');
  if (!Number.isInteger(seed)) throw new Error('seed must be a whole number');
  const rnd = createRandom(seed);
  const stockRnd = createRandom(seed ^ STOCK_STREAM);
  const data = catalogueData();
  const { colors, tags, tariffs, contacts } = data.reference;
  const { names: brandNames, premium, budget } = data.brands;

  const { rows: categoryRows, leaves } = buildCategories(data);
  const { attributeRows, valueRows, valueIds } = buildAttributes(data);

  const colorRows = colors.map((c, i) => ({
    id: i + 1,
    slug: c.slug,
    nameUz: c.nameUz,
    nameRu: c.ru[0],
    hex: c.hex,
  }));
  const colorBySlug = new Map(colors.map((c, i) => [c.slug, { def: c, id: i + 1 }]));

  const usedBrands = new Set(leaves.flatMap((l) => l.brands.map(([b]) => b)));
  usedBrands.delete(NO_BRAND);
  const brandRows = Object.keys(brandNames)
    .filter((slug) => usedBrands.has(slug))
    .map((slug, i) => ({
      id: i + 1,
      slug,
      name: brandNames[slug] as string,
      logo: `/media/brands/${slug}.svg`,
    }));
  const brandIds = new Map(brandRows.map((b) => [b.slug, b.id]));
  for (const slug of usedBrands) {
    if (!brandIds.has(slug)) throw new Error(`brand ${slug} has no name in brands.json`);
  }

  const tagRows = tags.map((t, i) => ({
    id: i + 1,
    nameUz: t.nameUz,
    nameRu: t.nameRu,
    color: t.color,
  }));
  const tagIds = new Map<TagKey, number>(tags.map((t, i) => [t.key, i + 1]));

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
    const chosen = chooseAttributes(data, rnd, leaf);
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
    const brandName = brandSlug === NO_BRAND ? '' : (brandNames[brandSlug] as string);

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
    if (premium.has(brandSlug)) share = 0.4 + 0.6 * share;
    else if (budget.has(brandSlug)) share *= 0.6;
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
    const description = describeProduct(rnd, data.descriptions, {
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
      stock: stockOf(stockRnd, popularity),
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
    if (premium.has(brandSlug) && rnd.chance(0.15)) tagged.push('original');
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
    tariffs: tariffs.map((t) => ({ ...t, isActive: true })),
    contacts: contacts.map((c) => ({ ...c })),
  };
}
