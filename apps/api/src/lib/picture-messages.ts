import type { Lang } from '@bozor/shared';

/** Refusals of an uploaded picture, each saying what to do instead. */
export const PICTURE_MESSAGES = {
  PICTURE_MISSING: {
    uz: 'Rasm faylini tanlang (JPEG, PNG yoki WebP)',
    ru: 'Выберите файл картинки (JPEG, PNG или WebP)',
  },
  PICTURE_TYPE_INVALID: {
    uz: 'Bu fayl rasm emas: faqat JPEG, PNG yoki WebP qabul qilinadi',
    ru: 'Этот файл не картинка: принимаются только JPEG, PNG и WebP',
  },
  PICTURE_TOO_LARGE: {
    uz: "Rasm 10 MB dan katta bo'lmasligi kerak",
    ru: 'Картинка должна быть не больше 10 МБ',
  },
  PICTURE_CORRUPT: {
    uz: "Rasmni o'qib bo'lmadi: fayl buzilgan yoki oxirigacha saqlanmagan",
    ru: 'Картинку не удалось прочитать: файл повреждён или сохранён не полностью',
  },
  PICTURE_PIXELS_TOO_MANY: {
    uz: 'Rasm juda katta: 50 megapikseldan oshmasligi kerak',
    ru: 'Картинка слишком большая: не больше 50 мегапикселей',
  },
} satisfies Record<string, Record<Lang, string>>;
