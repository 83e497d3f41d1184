import type { DELIVERY_FIELD_MESSAGE_KEYS, Lang } from '@bozor/shared';

/** Delivery's quote and the back office's rates: refusals of the whole request. */
export const DELIVERY_MESSAGES = {
  DELIVERY_RATE_NOT_FOUND: {
    uz: 'Bu hududga yetkazib berish narxi topilmadi',
    ru: 'Для этого региона не найден тариф доставки',
  },
  DELIVERY_RATE_TAKEN: {
    uz: "Bu tumanning o'z narxi allaqachon bor: uni o'zgartiring",
    ru: 'У этого района уже есть свой тариф: измените его',
  },
  DELIVERY_RATE_KEPT: {
    uz: "Viloyat va olib ketish narxini o'chirib bo'lmaydi, faqat o'zgartirish mumkin",
    ru: 'Тариф региона и самовывоза нельзя удалить, только изменить',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The rules of a rate's fields (DELIVERY_FIELD_MESSAGE_KEYS), in the interface languages. */
export const DELIVERY_FIELD_MESSAGES = {
  delivery_days_invalid: {
    uz: "Kunlar 0 dan 30 gacha butun son bo'lishi kerak",
    ru: 'Дни — целое число от 0 до 30',
  },
  cutoff_hour_invalid: {
    uz: "Soat 0 dan 24 gacha butun son bo'lishi kerak (24 — chegarasiz)",
    ru: 'Час — целое число от 0 до 24 (24 — без ограничения)',
  },
  bulky_extra_days_invalid: {
    uz: "Yirik tovar uchun qo'shimcha kunlar 0 dan 30 gacha butun son bo'lishi kerak",
    ru: 'Дополнительные дни для КГТ — целое число от 0 до 30',
  },
  size_class_invalid: {
    uz: "Yetkazish o'lchami: standard (oddiy) yoki bulky (yirik o'lchamli, KGT)",
    ru: 'Габарит доставки: standard (обычный) или bulky (крупногабаритный, КГТ)',
  },
} satisfies Record<(typeof DELIVERY_FIELD_MESSAGE_KEYS)[number], Record<Lang, string>>;
