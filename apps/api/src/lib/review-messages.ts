import type { Lang, REVIEW_FIELD_MESSAGE_KEYS } from '@bozor/shared';

/** Refusals of reviews (issue 38), each saying what to do instead. */
export const REVIEW_MESSAGES = {
  REVIEW_ITEM_NOT_FOUND: {
    uz: "Sharhni faqat o'zingiz sotib olgan mahsulotga yozish mumkin",
    ru: 'Отзыв можно оставить только на товар, который вы купили',
  },
  REVIEW_NOT_DELIVERED: {
    uz: 'Sharhni buyurtma yetkazib berilgandan keyin yozish mumkin',
    ru: 'Отзыв можно оставить после того, как заказ доставлен',
  },
  REVIEW_EXISTS: {
    uz: "Bu mahsulotga sharh yozgansiz: uni Kabinet → Sharhlarim bo'limida o'zgartiring",
    ru: 'Вы уже оставили отзыв на этот товар: измените его в Кабинет → Мои отзывы',
  },
  REVIEW_NOT_FOUND: { uz: 'Sharh topilmadi', ru: 'Отзыв не найден' },
  REVIEW_EDIT_CLOSED: {
    uz: "Sharhni yozilganidan keyin 30 kun ichida o'zgartirish mumkin edi",
    ru: 'Отзыв можно было изменить в течение 30 дней после написания',
  },
  REVIEW_OWN_HELPFUL: {
    uz: "O'z sharhingizni foydali deb belgilab bo'lmaydi",
    ru: 'Нельзя отметить полезным свой отзыв',
  },
  REVIEW_ALREADY_MARKED: {
    uz: 'Bu sharhni allaqachon foydali deb belgilagansiz',
    ru: 'Вы уже отметили этот отзыв полезным',
  },
  REVIEW_PHOTO_NOT_FOUND: {
    uz: 'Rasm topilmadi: uni qaytadan yuklang',
    ru: 'Фото не найдено: загрузите его снова',
  },
  REVIEW_STATE_CHANGED: {
    uz: "Sharh holati o'zgargan: ro'yxatni yangilang",
    ru: 'Состояние отзыва изменилось: обновите список',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The rules of a review's fields (REVIEW_FIELD_MESSAGE_KEYS), in the interface languages. */
export const REVIEW_FIELD_MESSAGES = {
  review_rating_invalid: {
    uz: "Bahoni 1 dan 5 gacha yulduzcha bilan qo'ying",
    ru: 'Поставьте оценку от 1 до 5 звёзд',
  },
  review_photo_invalid: {
    uz: "Rasm noto'g'ri: uni qaytadan yuklang",
    ru: 'Неверное фото: загрузите его снова',
  },
  review_photos_too_many: { uz: "Ko'pi bilan 5 ta rasm", ru: 'Не больше 5 фото' },
  review_reason_required: {
    uz: 'Sababini yozing (kamida 3 ta belgi): muallif uni ko‘radi',
    ru: 'Укажите причину (не меньше 3 символов): автор её увидит',
  },
  order_item_invalid: { uz: "Mahsulot noto'g'ri ko'rsatilgan", ru: 'Неверно указан товар' },
  rating_from_invalid: {
    uz: 'Reyting 1 dan 5 gacha butun son',
    ru: 'Рейтинг — целое число от 1 до 5',
  },
} satisfies Record<(typeof REVIEW_FIELD_MESSAGE_KEYS)[number], Record<Lang, string>>;
