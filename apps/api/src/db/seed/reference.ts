/** Small fixed lists: colours, tags, installment tariffs and footer contacts. */

export interface ColorDef {
  slug: string;
  nameUz: string;
  /** Russian adjective agreeing with the noun: masculine, feminine, neuter, plural. */
  ru: readonly [string, string, string, string];
  hex: string;
  /**
   * Nearest body colour of the product illustrations: an index into PRODUCT_COLOURS of
   * modules/media/look.ts (black, silver, graphite, navy, blue, green, red, rose, gold, violet).
   */
  look: number;
}

export const COLORS: readonly ColorDef[] = [
  {
    slug: 'qora',
    nameUz: 'qora',
    ru: ['чёрный', 'чёрная', 'чёрное', 'чёрные'],
    hex: '#111111',
    look: 0,
  },
  { slug: 'oq', nameUz: 'oq', ru: ['белый', 'белая', 'белое', 'белые'], hex: '#FFFFFF', look: 1 },
  {
    slug: 'kulrang',
    nameUz: 'kulrang',
    ru: ['серый', 'серая', 'серое', 'серые'],
    hex: '#8E8E93',
    look: 2,
  },
  {
    slug: 'kumushrang',
    nameUz: 'kumushrang',
    ru: ['серебристый', 'серебристая', 'серебристое', 'серебристые'],
    hex: '#C0C0C0',
    look: 1,
  },
  {
    slug: 'kok',
    nameUz: "ko'k",
    ru: ['синий', 'синяя', 'синее', 'синие'],
    hex: '#1D4ED8',
    look: 4,
  },
  {
    slug: 'toq-kok',
    nameUz: "to'q ko'k",
    ru: ['тёмно-синий', 'тёмно-синяя', 'тёмно-синее', 'тёмно-синие'],
    hex: '#1E2A4A',
    look: 3,
  },
  {
    slug: 'havorang',
    nameUz: 'havorang',
    ru: ['голубой', 'голубая', 'голубое', 'голубые'],
    hex: '#7CC4F4',
    look: 4,
  },
  {
    slug: 'yashil',
    nameUz: 'yashil',
    ru: ['зелёный', 'зелёная', 'зелёное', 'зелёные'],
    hex: '#16A34A',
    look: 5,
  },
  {
    slug: 'qizil',
    nameUz: 'qizil',
    ru: ['красный', 'красная', 'красное', 'красные'],
    hex: '#DC2626',
    look: 6,
  },
  {
    slug: 'pushti',
    nameUz: 'pushti',
    ru: ['розовый', 'розовая', 'розовое', 'розовые'],
    hex: '#F472B6',
    look: 7,
  },
  {
    slug: 'sariq',
    nameUz: 'sariq',
    ru: ['жёлтый', 'жёлтая', 'жёлтое', 'жёлтые'],
    hex: '#FACC15',
    look: 8,
  },
  {
    slug: 'jigarrang',
    nameUz: 'jigarrang',
    ru: ['коричневый', 'коричневая', 'коричневое', 'коричневые'],
    hex: '#7C4A2D',
    look: 8,
  },
  {
    slug: 'bej',
    nameUz: 'bej',
    ru: ['бежевый', 'бежевая', 'бежевое', 'бежевые'],
    hex: '#D8C3A5',
    look: 8,
  },
  {
    slug: 'tillarang',
    nameUz: 'tillarang',
    ru: ['золотистый', 'золотистая', 'золотистое', 'золотистые'],
    hex: '#D4AF37',
    look: 8,
  },
  {
    slug: 'binafsha',
    nameUz: 'binafsha',
    ru: ['фиолетовый', 'фиолетовая', 'фиолетовое', 'фиолетовые'],
    hex: '#7C3AED',
    look: 9,
  },
];

export const TAGS = [
  { key: 'hit', nameUz: 'Xit', nameRu: 'Хит продаж', color: '#FF3B30' },
  { key: 'new', nameUz: 'Yangi', nameRu: 'Новинка', color: '#00A86B' },
  { key: 'sale', nameUz: 'Chegirma', nameRu: 'Скидка', color: '#FF9500' },
  { key: 'fast', nameUz: 'Tez yetkazish', nameRu: 'Быстрая доставка', color: '#007AFF' },
  { key: 'original', nameUz: 'Original', nameRu: 'Оригинал', color: '#5856D6' },
] as const;

export type TagKey = (typeof TAGS)[number]['key'];

/** DESIGN §4: the markup is whole percent over the whole term. */
export const TARIFFS = [
  { months: 3, markupPercent: 12 },
  { months: 6, markupPercent: 24 },
  { months: 9, markupPercent: 35 },
  { months: 12, markupPercent: 44 },
] as const;

export const CONTACTS = [
  { key: 'phone', value: '+998 71 200 00 00', position: 0 },
  { key: 'telegram', value: 'https://t.me/bozor_uz', position: 1 },
  { key: 'insurance', value: 'https://bozor.uz/insurance', position: 2 },
] as const;
