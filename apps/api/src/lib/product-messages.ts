import type { Lang } from '@bozor/shared';

/** The back office's product writes: refusals of the whole request. */
export const PRODUCT_MESSAGES = {
  PRODUCT_TAKEN: {
    uz: 'Bunday artikul yoki manzilli mahsulot allaqachon bor',
    ru: 'Товар с таким артикулом или адресом уже есть',
  },
  PRODUCT_INVALID: {
    uz: "Mahsulot ma'lumotlarida xato bor: maydonlarni tekshiring",
    ru: 'В данных товара есть ошибки: проверьте поля',
  },
  BULK_PRODUCTS_INVALID: {
    uz: "Tanlangan mahsulotlarning hammasini o'zgartirib bo'lmaydi: hech narsa o'zgarmadi",
    ru: 'Не все выбранные товары можно изменить: ничего не изменено',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The rules of a product's fields (PRODUCT_FIELD_MESSAGE_KEYS), in the interface languages. */
export const PRODUCT_FIELD_MESSAGES = {
  product_code_invalid: {
    uz: 'Artikul: 64 tagacha lotin harfi, raqam va . _ / - belgilari, harf yoki raqam bilan boshlanadi',
    ru: 'Артикул: до 64 латинских букв, цифр и знаков . _ / -, начинается с буквы или цифры',
  },
  product_code_taken: {
    uz: 'Bu artikul boshqa mahsulotda bor',
    ru: 'Этот артикул уже у другого товара',
  },
  product_slug_invalid: {
    uz: "Manzil: kichik lotin harflari va raqamlar, so'zlar chiziqcha bilan",
    ru: 'Адрес: строчные латинские буквы и цифры, слова через дефис',
  },
  product_slug_taken: {
    uz: 'Bu manzil boshqa mahsulotda bor',
    ru: 'Этот адрес уже у другого товара',
  },
  product_price_invalid: {
    uz: "Narx 1 dan 10 000 000 000 so'mgacha butun son bo'lishi kerak",
    ru: 'Цена — целое число от 1 до 10 000 000 000 сум',
  },
  product_old_price_not_above: {
    uz: "Eski narx joriy narxdan yuqori bo'lishi kerak",
    ru: 'Старая цена должна быть выше текущей',
  },
  product_stock_invalid: {
    uz: "Qoldiq 0 dan 1 000 000 gacha butun son bo'lishi kerak",
    ru: 'Остаток — целое число от 0 до 1 000 000',
  },
  product_category_invalid: { uz: 'Kategoriyani tanlang', ru: 'Выберите категорию' },
  product_brand_invalid: { uz: "Bunday brend yo'q", ru: 'Такого бренда нет' },
  product_color_invalid: { uz: "Bunday rang yo'q", ru: 'Такого цвета нет' },
  product_tag_invalid: { uz: "Bunday teg yo'q", ru: 'Такого ярлыка нет' },
  product_value_invalid: {
    uz: "Bunday xususiyat qiymati yo'q",
    ru: 'Такого значения характеристики нет',
  },
  product_collection_invalid: {
    uz: "Bunday qo'lda tuzilgan to'plam yo'q",
    ru: 'Такой подборки, собранной вручную, нет',
  },
  product_image_invalid: {
    uz: 'Rasm manzili /media/ bilan boshlanishi kerak',
    ru: 'Путь картинки должен начинаться с /media/',
  },
  product_images_too_many: {
    uz: "Ko'pi bilan 20 ta rasm",
    ru: 'Не больше 20 картинок',
  },
  bulk_percent_invalid: {
    uz: 'Foiz -90 dan 500 gacha butun son, 0 emas',
    ru: 'Процент — целое число от −90 до 500, не 0',
  },
  bulk_amount_invalid: {
    uz: "Summa 0 bo'lmagan butun son",
    ru: 'Сумма — целое число, не 0',
  },
  bulk_ids_invalid: {
    uz: '1 tadan 500 tagacha turli mahsulotni tanlang',
    ru: 'Выберите от 1 до 500 разных товаров',
  },
  bulk_price_out_of_range: {
    uz: "Yangi narx 1 dan 10 000 000 000 so'mgacha bo'lishi kerak",
    ru: 'Новая цена должна быть от 1 до 10 000 000 000 сум',
  },
} satisfies Record<string, Record<Lang, string>>;
