import { defineTexts } from '../../i18n/define.ts';

/**
 * The kit's own texts, and the rules of the shared schemas (`rule.<key>`, the message keys of
 * packages/shared) in the staff's words: what a form built by the kit says under a field.
 */
export const kitTexts = defineTexts(
  ['kit', 'rule'],
  {
    'kit.invalid': 'Проверьте значение',
    'kit.actions': 'Действия',
    'rule.field_required': 'Обязательное поле',
    'rule.field_too_long': 'Слишком длинно',
    'rule.text_invalid': 'В тексте есть недопустимые управляющие символы',
    'rule.product_code_invalid':
      'Артикул: до 64 латинских букв, цифр и знаков . _ / -, начинается с буквы или цифры',
    'rule.product_slug_invalid': 'Адрес: строчные латинские буквы и цифры, слова через дефис',
    'rule.product_price_invalid': 'Цена — целое число от 1 до 10 000 000 000 сум',
    'rule.product_old_price_not_above': 'Старая цена должна быть выше текущей',
    'rule.product_stock_invalid': 'Остаток — целое число от 0 до 1 000 000',
    'rule.product_category_invalid': 'Выберите категорию',
    'rule.product_brand_invalid': 'Такого бренда нет',
    'rule.product_color_invalid': 'Такого цвета нет',
    'rule.product_images_too_many': 'Не больше 20 картинок',
    'rule.bulk_percent_invalid': 'Процент — целое число от −90 до 500, не 0',
    'rule.bulk_amount_invalid': 'Сумма — целое число, не 0',
    'rule.ikpu_invalid': 'ИКПУ (MXIK) — 17 цифр, как в tasnif.soliq.uz',
    'rule.package_code_invalid': 'Код упаковки — от 1 до 20 цифр',
    'rule.units_invalid': 'Код единицы измерения — целое число от 1 до 999 999',
    'rule.vat_percent_invalid': 'Ставка НДС — 0 % или 12 %',
    'rule.ikpu_without_package_code': 'Вместе с ИКПУ укажите код упаковки',
    'rule.package_code_without_ikpu': 'Код упаковки указывается вместе с ИКПУ',
    'rule.units_without_ikpu': 'Единица измерения указывается вместе с ИКПУ',
  },
  {
    'kit.invalid': 'Qiymatni tekshiring',
    'kit.actions': 'Amallar',
    'rule.field_required': "To'ldirish shart",
    'rule.field_too_long': 'Juda uzun',
    'rule.text_invalid': 'Matnda ruxsat etilmagan boshqaruv belgilari bor',
    'rule.product_code_invalid':
      'Artikul: 64 tagacha lotin harfi, raqam va . _ / - belgilari, harf yoki raqam bilan boshlanadi',
    'rule.product_slug_invalid':
      "Manzil: kichik lotin harflari va raqamlar, so'zlar chiziqcha bilan",
    'rule.product_price_invalid': "Narx 1 dan 10 000 000 000 so'mgacha butun son bo'lishi kerak",
    'rule.product_old_price_not_above': "Eski narx joriy narxdan yuqori bo'lishi kerak",
    'rule.product_stock_invalid': "Qoldiq 0 dan 1 000 000 gacha butun son bo'lishi kerak",
    'rule.product_category_invalid': 'Kategoriyani tanlang',
    'rule.product_brand_invalid': "Bunday brend yo'q",
    'rule.product_color_invalid': "Bunday rang yo'q",
    'rule.product_images_too_many': "Ko'pi bilan 20 ta rasm",
    'rule.bulk_percent_invalid': 'Foiz -90 dan 500 gacha butun son, 0 emas',
    'rule.bulk_amount_invalid': "Summa 0 bo'lmagan butun son",
    'rule.ikpu_invalid': 'IKPU (MXIK) — 17 ta raqam, tasnif.soliq.uz dagidek',
    'rule.package_code_invalid': 'Qadoq kodi — 1 dan 20 tagacha raqam',
    'rule.units_invalid': "O'lchov birligi kodi — 1 dan 999 999 gacha butun son",
    'rule.vat_percent_invalid': "QQS stavkasi 0 % yoki 12 % bo'lishi kerak",
    'rule.ikpu_without_package_code': 'IKPU bilan birga qadoq kodini ham kiriting',
    'rule.package_code_without_ikpu': 'Qadoq kodi IKPU bilan birga kiritiladi',
    'rule.units_without_ikpu': "O'lchov birligi IKPU bilan birga kiritiladi",
  },
);
