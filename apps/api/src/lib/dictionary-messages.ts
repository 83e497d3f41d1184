import type { Lang } from '@bozor/shared';

/** The back office's catalogue dictionaries: refusals of the whole request. */
export const DICTIONARY_MESSAGES = {
  TAG_NOT_FOUND: { uz: 'Teg topilmadi', ru: 'Тег не найден' },
  COLOR_NOT_FOUND: { uz: 'Rang topilmadi', ru: 'Цвет не найден' },
  ATTRIBUTE_NOT_FOUND: { uz: 'Xususiyat topilmadi', ru: 'Характеристика не найдена' },
  ATTRIBUTE_VALUE_NOT_FOUND: {
    uz: 'Xususiyat qiymati topilmadi',
    ru: 'Значение характеристики не найдено',
  },
  SLUG_TAKEN: {
    uz: 'Bu manzil (slug) band: boshqasini yozing',
    ru: 'Этот адрес (slug) уже занят: укажите другой',
  },
  CATEGORY_HAS_CHILDREN: {
    uz: "Kategoriya ichida {children} ta kichik kategoriya bor: avval ularni o'chiring yoki ko'chiring",
    ru: 'В категории есть подкатегории: {children}. Сначала удалите или перенесите их',
  },
  CATEGORY_HAS_PRODUCTS: {
    uz: "Kategoriyada {products} ta mahsulot bor: avval ularni boshqa kategoriyaga o'tkazing",
    ru: 'В категории есть товары: {products}. Сначала перенесите их в другую категорию',
  },
  BRAND_IN_USE: {
    uz: "Brend {products} ta mahsulotda ko'rsatilgan: avval ularda brendni almashtiring",
    ru: 'Бренд указан у товаров: {products}. Сначала смените бренд у них',
  },
  TAG_IN_USE: {
    uz: "Teg {products} ta mahsulotga qo'yilgan: avval uni ulardan olib tashlang",
    ru: 'Тег стоит у товаров: {products}. Сначала снимите его с них',
  },
  COLOR_IN_USE: {
    uz: "Rang {products} ta mahsulotda ko'rsatilgan: avval ularda rangni almashtiring",
    ru: 'Цвет указан у товаров: {products}. Сначала смените цвет у них',
  },
  ATTRIBUTE_IN_USE: {
    uz: "Xususiyat qiymatlari {products} ta mahsulotda ko'rsatilgan: avval ularni olib tashlang",
    ru: 'Значения характеристики указаны у товаров: {products}. Сначала уберите их',
  },
  ATTRIBUTE_VALUE_IN_USE: {
    uz: "Qiymat {products} ta mahsulotda ko'rsatilgan: avval uni ulardan olib tashlang",
    ru: 'Значение указано у товаров: {products}. Сначала уберите его у них',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The rules of the dictionaries' fields (DICTIONARY_FIELD_MESSAGE_KEYS), in both languages. */
export const DICTIONARY_FIELD_MESSAGES = {
  slug_invalid: {
    uz: "Kichik lotin harflari va raqamlar, so'zlar orasida chiziqcha: masalan, smartfonlar-2",
    ru: 'Строчные латинские буквы и цифры, слова через дефис: например, smartfony-2',
  },
  slug_taken: { uz: 'Bu manzil (slug) band', ru: 'Этот адрес (slug) уже занят' },
  hex_invalid: {
    uz: "Rang # va 6 ta o'n oltilik raqam: masalan, #1e88e5",
    ru: 'Цвет — # и 6 шестнадцатеричных цифр: например, #1e88e5',
  },
  position_invalid: { uz: 'Tartib raqami — butun son', ru: 'Порядок — целое число' },
  parent_invalid: { uz: "Bunday ota kategoriya yo'q", ru: 'Такой родительской категории нет' },
  category_cycle: {
    uz: "Kategoriyani o'zining ichiga ko'chirib bo'lmaydi",
    ru: 'Нельзя перенести категорию внутрь неё самой',
  },
  category_too_deep: {
    uz: "Kategoriyalar ko'pi bilan 3 darajali: bu yerga ko'chirilsa, chuqurroq bo'lib qoladi",
    ru: 'Категорий не больше 3 уровней: здесь дерево стало бы глубже',
  },
  order_mismatch: {
    uz: "Ro'yxat eskirgan: sahifani yangilang",
    ru: 'Список устарел: обновите страницу',
  },
  category_invalid: { uz: "Bunday kategoriya yo'q", ru: 'Такой категории нет' },
  brand_invalid: { uz: "Bunday brend yo'q", ru: 'Такого бренда нет' },
  tag_invalid: { uz: "Bunday teg yo'q", ru: 'Такого тега нет' },
  limit_invalid: {
    uz: 'Mahsulotlar soni 1 dan 100 gacha',
    ru: 'Количество товаров — от 1 до 100',
  },
  collection_by_rule: {
    uz: "Bu to'plam mahsulotlarni qoida bo'yicha tanlaydi: ularni qo'lda o'zgartirib bo'lmaydi",
    ru: 'Эта подборка выбирает товары по правилу: вручную их не изменить',
  },
  price_range_order: {
    uz: "Eng yuqori narx eng pastidan kam bo'lmasligi kerak",
    ru: 'Максимальная цена не может быть меньше минимальной',
  },
} satisfies Record<string, Record<Lang, string>>;
