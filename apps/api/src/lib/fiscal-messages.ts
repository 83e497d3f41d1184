import type { FISCAL_FIELD_MESSAGE_KEYS, Lang } from '@bozor/shared';

/** The fiscal code of goods (DESIGN §6c): refusals of the whole request. */
export const FISCAL_CODE_MESSAGES = {
  PRODUCT_FISCAL_CODE_MISSING: {
    uz: "Mahsulotni sotuvga chiqarish uchun IKPU va qadoq kodi kerak: ularni mahsulotda yoki uning kategoriyasida ko'rsating, yoki mahsulotni yashiring",
    ru: 'Чтобы выставить товар в продажу, нужны ИКПУ и код упаковки: укажите их у товара или его категории, либо скройте товар',
  },
  CATEGORY_FISCAL_CODE_IN_USE: {
    uz: "Bu o'zgarishdan keyin sotuvdagi mahsulotlar IKPUsiz qoladi: avval ularga kod bering yoki ularni yashiring",
    ru: 'После этого изменения товары в продаже останутся без ИКПУ: сначала дайте им код или скройте их',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The rules of the fiscal fields (FISCAL_FIELD_MESSAGE_KEYS), in the interface languages. */
export const FISCAL_FIELD_MESSAGES = {
  ikpu_invalid: {
    uz: 'IKPU (MXIK) — 17 ta raqam, tasnif.soliq.uz dagidek',
    ru: 'ИКПУ (MXIK) — 17 цифр, как в tasnif.soliq.uz',
  },
  package_code_invalid: {
    uz: 'Qadoq kodi — 1 dan 20 tagacha raqam',
    ru: 'Код упаковки — от 1 до 20 цифр',
  },
  units_invalid: {
    uz: "O'lchov birligi kodi — 1 dan 999 999 gacha butun son",
    ru: 'Код единицы измерения — целое число от 1 до 999 999',
  },
  vat_percent_invalid: {
    uz: "QQS stavkasi 0 % yoki 12 % bo'lishi kerak",
    ru: 'Ставка НДС — 0 % или 12 %',
  },
  ikpu_without_package_code: {
    uz: 'IKPU bilan birga qadoq kodini ham kiriting',
    ru: 'Вместе с ИКПУ укажите код упаковки',
  },
  package_code_without_ikpu: {
    uz: 'Qadoq kodi IKPU bilan birga kiritiladi',
    ru: 'Код упаковки указывается вместе с ИКПУ',
  },
  units_without_ikpu: {
    uz: "O'lchov birligi IKPU bilan birga kiritiladi",
    ru: 'Единица измерения указывается вместе с ИКПУ',
  },
  publish_ikpu_missing: {
    uz: "Sotuvga chiqarish uchun IKPU kerak: mahsulotda ham, kategoriyalarida ham yo'q",
    ru: 'Для продажи нужен ИКПУ: его нет ни у товара, ни у его категорий',
  },
  publish_package_code_missing: {
    uz: "Sotuvga chiqarish uchun qadoq kodi kerak: mahsulotda ham, kategoriyalarida ham yo'q",
    ru: 'Для продажи нужен код упаковки: его нет ни у товара, ни у его категорий',
  },
  bulk_fiscal_code_missing: {
    uz: "Tanlanganlarning bir qismida IKPU yoki qadoq kodi yo'q: ularni sotuvga chiqarib bo'lmaydi",
    ru: 'У части выбранных товаров нет ИКПУ или кода упаковки: их нельзя выставить в продажу',
  },
  category_fiscal_code_in_use: {
    uz: 'Bu kategoriyadagi sotuvdagi mahsulotlar IKPUsiz qoladi: avval ularga kod bering yoki ularni yashiring',
    ru: 'Товары в продаже в этой категории останутся без ИКПУ: сначала дайте им код или скройте их',
  },
} satisfies Record<(typeof FISCAL_FIELD_MESSAGE_KEYS)[number], Record<Lang, string>>;
