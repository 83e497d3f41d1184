import type { CONTENT_FIELD_MESSAGE_KEYS, Lang } from '@bozor/shared';

/** The back office's content and partner-inbox writes: refusals of the whole request. */
export const CONTENT_MESSAGES = {
  BANNER_NOT_FOUND: { uz: 'Banner topilmadi', ru: 'Баннер не найден' },
  QUESTION_NOT_FOUND: { uz: 'Savol topilmadi', ru: 'Вопрос не найден' },
  PARTNER_APPLICATION_NOT_FOUND: { uz: 'Ariza topilmadi', ru: 'Заявка не найдена' },
  PAGE_SLUG_TAKEN: {
    uz: 'Bunday manzilli sahifa allaqachon bor: boshqasini yozing',
    ru: 'Страница с таким адресом уже есть: укажите другой',
  },
  REORDER_MISMATCH: {
    uz: "Tartib ro'yxati eskirgan: sahifani yangilab, qaytadan urinib ko'ring",
    ru: 'Список для сортировки устарел: обновите страницу и попробуйте снова',
  },
  PARTNER_STATUS_FINAL: {
    uz: "Bu holatga o'tkazib bo'lmaydi: ariza faqat oldinga siljiydi (yangi → bog'lanildi → qabul qilindi / rad etildi)",
    ru: 'Нельзя перевести в этот статус: заявка движется только вперёд (новая → связались → принята / отклонена)',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The rules of the content's fields (CONTENT_FIELD_MESSAGE_KEYS), in the interface languages. */
export const CONTENT_FIELD_MESSAGES = {
  picture_path_invalid: {
    uz: 'Rasm manzili / yoki https:// bilan boshlanishi kerak',
    ru: 'Адрес картинки должен начинаться с / или https://',
  },
  link_internal: {
    uz: "Do'kon ichidagi havola / bilan boshlanadi, masalan /category/smartfonlar",
    ru: 'Ссылка внутри магазина начинается с /, например /category/smartfonlar',
  },
  color_hex_invalid: {
    uz: "Rangni #RRGGBB ko'rinishida yozing, masalan #1F6FEB",
    ru: 'Укажите цвет в виде #RRGGBB, например #1F6FEB',
  },
  moment_invalid: { uz: "Sana va vaqt noto'g'ri", ru: 'Неверные дата и время' },
  show_range_order: {
    uz: "Ko'rsatish tugashi boshlanishidan keyin bo'lishi kerak",
    ru: 'Конец показа должен быть позже начала',
  },
  page_slug_invalid: {
    uz: "Manzil: kichik lotin harflari va raqamlar, so'zlar chiziqcha bilan (60 tagacha)",
    ru: 'Адрес: строчные латинские буквы и цифры, слова через дефис (до 60)',
  },
  coordinate_invalid: {
    uz: "Koordinata son bo'lishi kerak, masalan 41.311081",
    ru: 'Координата — число, например 41.311081',
  },
  url_https: {
    uz: 'Havola https:// bilan boshlanishi kerak, masalan https://yandex.uz/maps/…',
    ru: 'Ссылка должна начинаться с https://, например https://yandex.uz/maps/…',
  },
  contact_key_invalid: { uz: "Bunday kontakt yo'q", ru: 'Такого контакта нет' },
  telegram_invalid: {
    uz: 'Telegram: @nom yoki https://t.me/nom (5–32 ta lotin harfi, raqam va _)',
    ru: 'Telegram: @имя или https://t.me/имя (5–32 латинские буквы, цифры и _)',
  },
  insurance_invalid: {
    uz: "Sug'urta: kompaniya nomi, https:// havola yoki 998 bilan telefon raqami",
    ru: 'Страховая: название, ссылка https:// или телефон с 998',
  },
  partner_status_invalid: {
    uz: "Holat: yangi, bog'lanildi, qabul qilindi yoki rad etildi",
    ru: 'Статус: новая, связались, принята или отклонена',
  },
  partner_search_invalid: { uz: 'Kamida 2 ta belgi kiriting', ru: 'Введите не меньше 2 символов' },
} satisfies Record<(typeof CONTENT_FIELD_MESSAGE_KEYS)[number], Record<Lang, string>>;
