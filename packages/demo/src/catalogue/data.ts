/**
 * Reads the catalogue's data files (packages/demo/catalogue/*.json) once and checks them: a typo
 * in a file stops the generator with the file and the path of the bad value.
 *
 * - categories.json: the three-level tree; products live in the leaves. A leaf names a profile and
 *   may narrow it with the profile's own fields (`spec: null` drops the profile's spec) and with
 *   `tokens` (attribute slug → the values it keeps), `kind` (another drawing) and `weight` (share
 *   of the products against other leaves, 1 by default).
 * - profiles.json: how the products of one kind of goods are made up: noun, brands with their
 *   model templates, price range in whole sum, characteristics, name spec and colours. In a model
 *   template `{slug}` is the token of the product's value of that attribute (`{diagonal}` → `55`),
 *   `{a|b|c}` picks one of the choices and `#` a digit; a `[uz, ru]` pair is a model written
 *   differently in each language (book titles); the brand `-` means goods without a brand.
 * - attributes.json: filterable characteristics, values `[token, uz, ru]` smallest first.
 * - brands.json: slug → display name, and the brands priced in the upper (premium) or lower
 *   (budget) part of a range.
 * - descriptions.json: opening phrases per group `[ru, uz]` and the closing sentences.
 * - reference.json: colours (the Russian adjective in masculine, feminine, neuter and plural; `look`
 *   is the index of the nearest body colour of the drawings, media/look.ts), tags, installment
 *   tariffs (DESIGN §4: whole percent over the whole term) and the footer contacts.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PRODUCT_KINDS } from '../media/kinds.ts';

const GROUPS = [
  'gadget',
  'computer',
  'audio',
  'appliance',
  'climate',
  'kitchen',
  'care',
  'beauty',
  'perfume',
  'clothes',
  'shoes',
  'accessory',
  'furniture',
  'home',
  'kids',
  'sport',
  'auto',
  'tools',
  'book',
] as const;

const Text = z.string().min(1);
const Range = z.tuple([z.number().int().positive(), z.number().int().positive()]);
/** Russian first, then Uzbek. */
const RuUz = z.tuple([z.string(), z.string()]);
const Kind = z.enum(PRODUCT_KINDS);
const Group = z.enum(GROUPS);

const Noun = z.strictObject({
  ru: Text,
  /** The possessive form that follows the model: "smartfoni", "televizori". */
  uz: Text,
  /** Grammatical gender of the Russian noun, for the colour adjective: m, f, n, plural. */
  g: z.enum(['m', 'f', 'n', 'p']),
});

/** A template, or a `[uz, ru]` pair written differently in each language. */
const ModelDef = z.union([Text, z.tuple([Text, Text])]);
const BrandModels = z.record(z.string(), z.array(ModelDef).min(1));

const AttributeUse = z.strictObject({
  slug: z.string(),
  /** Tokens this kind of goods uses, in the attribute's order; all values when absent. */
  tokens: z.array(z.string()).min(1).optional(),
  /** A product carries several values (sizes in stock): how many, at least and at most. */
  multi: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
});

const Profile = z.strictObject({
  kind: Kind,
  group: Group,
  noun: Noun,
  price: Range,
  brands: BrandModels,
  attributes: z.array(AttributeUse).optional(),
  /** Text after the model in the name, Russian then Uzbek: `{ram}/{storage} ГБ`. */
  spec: RuUz.optional(),
  colors: z.array(z.string()).optional(),
});

const Leaf = z.strictObject({
  slug: z.string(),
  nameUz: Text,
  nameRu: Text,
  profile: z.string(),
  noun: Noun.optional(),
  /** A subset of the profile's brands, or brands with their own models. */
  brands: z.union([z.array(z.string()).min(1), BrandModels]).optional(),
  price: Range.optional(),
  attributes: z.array(AttributeUse).optional(),
  tokens: z.record(z.string(), z.array(z.string()).min(1)).optional(),
  spec: RuUz.nullable().optional(),
  colors: z.array(z.string()).optional(),
  kind: Kind.optional(),
  weight: z.number().positive().optional(),
});

const Category = { slug: z.string(), nameUz: Text, nameRu: Text };
const CategoryTree = z.array(
  z.strictObject({
    ...Category,
    isTop: z.boolean(),
    subs: z.array(z.strictObject({ ...Category, leaves: z.array(Leaf).min(1) })).min(1),
  }),
);

const Attributes = z.array(
  z.strictObject({
    slug: z.string(),
    nameUz: Text,
    nameRu: Text,
    values: z
      .array(z.tuple([Text, Text, Text]).transform(([token, uz, ru]) => ({ token, uz, ru })))
      .min(1),
  }),
);

const Brands = z.strictObject({
  names: z.record(z.string(), Text),
  premium: z.array(z.string()).transform((list) => new Set(list)),
  budget: z.array(z.string()).transform((list) => new Set(list)),
});

const Descriptions = z.strictObject({
  intro: z.record(Group, z.array(RuUz).min(1)),
  /** Groups whose description names a warranty, of one of these lengths in months. */
  warrantyGroups: z.array(Group).transform((list) => new Set(list)),
  warrantyMonths: z.array(z.number().int().positive()).min(1),
  delivery: RuUz,
  installment: RuUz,
});

const Reference = z.strictObject({
  colors: z.array(
    z.strictObject({
      slug: z.string(),
      nameUz: Text,
      ru: z.tuple([Text, Text, Text, Text]),
      hex: z.string().regex(/^#[0-9A-F]{6}$/),
      look: z.number().int().min(0),
    }),
  ),
  tags: z.array(
    z.strictObject({
      key: z.enum(['hit', 'new', 'sale', 'fast', 'original']),
      nameUz: Text,
      nameRu: Text,
      color: z.string().regex(/^#[0-9A-F]{6}$/),
    }),
  ),
  tariffs: z.array(
    z.strictObject({ months: z.number().int().positive(), markupPercent: z.number().int().min(0) }),
  ),
  contacts: z.array(z.strictObject({ key: z.string(), value: Text, position: z.number().int() })),
});

export type Group = z.output<typeof Group>;
export type Noun = z.output<typeof Noun>;
export type Gender = Noun['g'];
export type ModelDef = z.output<typeof ModelDef>;
export type BrandModels = z.output<typeof BrandModels>;
export type AttributeUse = z.output<typeof AttributeUse>;
export type Profile = z.output<typeof Profile>;
export type LeafDef = z.output<typeof Leaf>;
export type AttributeDef = z.output<typeof Attributes>[number];
export type AttributeValueDef = AttributeDef['values'][number];
export type Descriptions = z.output<typeof Descriptions>;
export type ColorDef = z.output<typeof Reference>['colors'][number];
export type TagKey = z.output<typeof Reference>['tags'][number]['key'];

export interface CatalogueData {
  categories: z.output<typeof CategoryTree>;
  profiles: Record<string, Profile>;
  attributes: AttributeDef[];
  brands: z.output<typeof Brands>;
  descriptions: Descriptions;
  reference: z.output<typeof Reference>;
}

function read<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  const text = readFileSync(new URL(`../../catalogue/${file}`, import.meta.url), 'utf8');
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`catalogue/${file}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

let loaded: CatalogueData | undefined;

export function catalogueData(): CatalogueData {
  loaded ??= {
    categories: read('categories.json', CategoryTree),
    profiles: read('profiles.json', z.record(z.string(), Profile)),
    attributes: read('attributes.json', Attributes),
    brands: read('brands.json', Brands),
    descriptions: read('descriptions.json', Descriptions),
    reference: read('reference.json', Reference),
  };
  return loaded;
}
