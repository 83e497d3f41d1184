import { FIELD_MESSAGE_KEYS, type FieldMessageKey, type Lang } from '@bozor/shared';
import { CONTENT_FIELD_MESSAGES, CONTENT_MESSAGES } from './content-messages.ts';
import { DELIVERY_FIELD_MESSAGES, DELIVERY_MESSAGES } from './delivery-messages.ts';
import { DICTIONARY_FIELD_MESSAGES, DICTIONARY_MESSAGES } from './dictionary-messages.ts';
import { FISCAL_CODE_MESSAGES, FISCAL_FIELD_MESSAGES } from './fiscal-messages.ts';
import { IMPORT_FIELD_MESSAGES, IMPORT_MESSAGES } from './import-messages.ts';
import { NOTICE_MESSAGES } from './notice-messages.ts';
import { PICTURE_MESSAGES } from './picture-messages.ts';
import { PRODUCT_FIELD_MESSAGES, PRODUCT_MESSAGES } from './product-messages.ts';
import { REVIEW_FIELD_MESSAGES, REVIEW_MESSAGES } from './review-messages.ts';
import { TELEGRAM_MESSAGES } from './telegram-messages.ts';

export const MESSAGES = {
  ...PRODUCT_MESSAGES,
  ...CONTENT_MESSAGES,
  ...DELIVERY_MESSAGES,
  ...FISCAL_CODE_MESSAGES,
  ...PICTURE_MESSAGES,
  ...IMPORT_MESSAGES,
  ...REVIEW_MESSAGES,
  ...TELEGRAM_MESSAGES,
  ...NOTICE_MESSAGES,
  NOT_FOUND: { uz: 'Topilmadi', ru: 'Не найдено' },
  ROUTE_NOT_FOUND: { uz: "Bunday manzil yo'q", ru: 'Такого адреса нет' },
  PRODUCT_NOT_FOUND: { uz: 'Mahsulot topilmadi', ru: 'Товар не найден' },
  PRODUCT_OUT_OF_STOCK: { uz: 'Bu mahsulot qolmagan', ru: 'Этого товара нет в наличии' },
  NOT_ENOUGH_STOCK: {
    uz: 'Bu mahsulotdan shuncha qolmagan. Sonini kamaytiring',
    ru: 'Столько этого товара нет в наличии. Уменьшите количество',
  },
  CATEGORY_NOT_FOUND: { uz: 'Kategoriya topilmadi', ru: 'Категория не найдена' },
  PAGE_NOT_FOUND: { uz: 'Sahifa topilmadi', ru: 'Страница не найдена' },
  COLLECTION_NOT_FOUND: { uz: "To'plam topilmadi", ru: 'Подборка не найдена' },
  BRAND_NOT_FOUND: { uz: 'Brend topilmadi', ru: 'Бренд не найден' },
  MEDIA_NOT_FOUND: { uz: 'Fayl topilmadi', ru: 'Файл не найден' },
  UNKNOWN_BRAND: { uz: "Bunday brend yo'q", ru: 'Такого бренда нет' },
  UNKNOWN_COLOR: { uz: "Bunday rang yo'q", ru: 'Такого цвета нет' },
  UNKNOWN_FILTER: { uz: "Bunday filtr yo'q", ru: 'Такого фильтра нет' },
  UNAUTHORIZED: { uz: 'Avval tizimga kiring', ru: 'Сначала войдите в систему' },
  SESSION_INVALID: {
    uz: 'Seans tugagan. Qaytadan kiring',
    ru: 'Сеанс истёк. Войдите снова',
  },
  OTP_INVALID: { uz: "Kod noto'g'ri", ru: 'Неверный код' },
  OTP_EXPIRED: {
    uz: "Kodning muddati tugagan. Yangi kod so'rang",
    ru: 'Срок действия кода истёк. Запросите новый',
  },
  OTP_TOO_MANY_ATTEMPTS: {
    uz: "Juda ko'p noto'g'ri urinish. Yangi kod so'rang",
    ru: 'Слишком много неверных попыток. Запросите новый код',
  },
  OTP_RESEND_TOO_EARLY: {
    uz: "Yangi kodni biroz keyin so'rash mumkin",
    ru: 'Новый код можно запросить чуть позже',
  },
  SMS_FAILED: {
    uz: "SMS yuborib bo'lmadi. Birozdan keyin urinib ko'ring",
    ru: 'Не удалось отправить SMS. Попробуйте позже',
  },
  FAVORITE_NOT_FOUND: {
    uz: "Bu mahsulot saralanganlarda yo'q",
    ru: 'Этого товара нет в избранном',
  },
  BASKET_LINE_NOT_FOUND: { uz: "Savatda bunday qator yo'q", ru: 'Такой строки в корзине нет' },
  REGION_NOT_FOUND: { uz: 'Viloyat topilmadi', ru: 'Регион не найден' },
  ADDRESS_NOT_FOUND: { uz: 'Manzil topilmadi', ru: 'Адрес не найден' },
  ADDRESS_LIMIT: {
    uz: "Ko'pi bilan 20 ta manzil saqlash mumkin. Keraksizini o'chiring",
    ru: 'Можно сохранить не больше 20 адресов. Удалите ненужный',
  },
  CARD_NOT_FOUND: { uz: 'Karta topilmadi', ru: 'Карта не найдена' },
  CARD_IN_USE: {
    uz: "Bu kartadan muddatli to'lov avtoto'lovi yechiladi: uni muddatli to'lov yopilgandan keyin o'chirish mumkin",
    ru: 'С этой карты списывается автоплатёж по рассрочке: удалить её можно после закрытия рассрочки',
  },
  CARD_EXISTS: { uz: "Bu karta allaqachon qo'shilgan", ru: 'Эта карта уже добавлена' },
  CARD_ALREADY_CONFIRMED: { uz: 'Karta allaqachon tasdiqlangan', ru: 'Карта уже подтверждена' },
  CREDIT_NOT_FOUND: { uz: "Muddatli to'lov topilmadi", ru: 'Рассрочка не найдена' },
  CONTRACT_SIGNED: { uz: 'Shartnoma allaqachon imzolangan', ru: 'Договор уже подписан' },
  CREDIT_NOT_SIGNABLE: {
    uz: "Bu muddatli to'lov bo'yicha shartnomani imzolab bo'lmaydi",
    ru: 'Договор по этой рассрочке подписать нельзя',
  },
  CONTRACT_CHANGED: {
    uz: "Shartnoma shartlari o'zgardi. Uni qayta oching va yangi matnni imzolang",
    ru: 'Условия договора изменились. Откройте его снова и подпишите новый текст',
  },
  CREDIT_NOT_OPEN: {
    uz: "Bu muddatli to'lov yopilgan: uning kartasini o'zgartirib bo'lmaydi",
    ru: 'Эта рассрочка закрыта: карту для неё сменить нельзя',
  },
  OVERPAYMENT: {
    uz: "To'lov summasi muddatli to'lov bo'yicha qolgan qarzdorlikdan ko'p. Sahifani yangilab, summani tekshiring",
    ru: 'Сумма платежа больше оставшейся задолженности по рассрочке. Обновите страницу и проверьте сумму',
  },
  REFUND_EXCEEDS_PAID: {
    uz: "Qaytariladigan summa muddatli to'lov bo'yicha to'langanidan ko'p",
    ru: 'Сумма возврата больше того, что оплачено по рассрочке',
  },
  PAYMENT_NOT_FOUND: { uz: "To'lov topilmadi", ru: 'Платёж не найден' },
  NOTHING_TO_PAY: { uz: "To'lanadigan summa yo'q", ru: 'Оплачивать нечего' },
  CONTRACT_NOT_SIGNED: {
    uz: 'Avval shartnomani imzolang',
    ru: 'Сначала подпишите договор',
  },
  SCORING_DONE: {
    uz: "Siz skoringdan o'tgansiz: muddatli to'lov limiti ochiq",
    ru: 'Вы уже прошли скоринг: лимит рассрочки открыт',
  },
  SCORING_RETRY_LATER: {
    uz: "Skoringdan qayta o'tish keyinroq mumkin bo'ladi",
    ru: 'Пройти скоринг снова можно будет позже',
  },
  SCORING_STEP_MISSING: {
    uz: "Avval oldingi qadamlarni to'ldiring",
    ru: 'Сначала заполните предыдущие шаги',
  },
  SCORING_IN_REVIEW: {
    uz: "Arizangiz ko'rib chiqilmoqda: natijani SMS orqali yuboramiz",
    ru: 'Ваша заявка на рассмотрении: результат пришлём по SMS',
  },
  SCORING_NOT_FOUND: { uz: 'Skoring topilmadi', ru: 'Скоринг не найден' },
  SCORING_NOT_IN_REVIEW: {
    uz: "Bu skoring ko'rib chiqishni kutmayapti: qaror qabul qilingan yoki ariza hali yuborilmagan",
    ru: 'Этот скоринг не ждёт рассмотрения: решение уже принято или заявка ещё не отправлена',
  },
  SCORING_RULES_REFUSE: {
    uz: 'Qoidalar bu mijozga limit bermaydi: arizani rad eting',
    ru: 'Правила не позволяют дать этому клиенту лимит: отклоните заявку',
  },
  SCORING_LIMIT_OVER_CAP: {
    uz: "Limit qoidalar ruxsat beradiganidan katta: daromadning 5 barobari, to'lov daromadning 50 foizi va birinchi limit chegarasi",
    ru: 'Лимит больше, чем позволяют правила: 5 месячных доходов, платёж до 50 % дохода и потолок первого лимита',
  },
  SCORING_LIMIT_BELOW_MIN: {
    uz: 'Limit qoidalar beradigan eng kichik limitdan kam',
    ru: 'Лимит меньше наименьшего, который дают правила',
  },
  SCORING_LIMIT_STEP: {
    uz: "Limit qoidalardagi qadamga karrali bo'lishi kerak",
    ru: 'Лимит должен быть кратен шагу правил',
  },
  CREDIT_BUREAU_UNAVAILABLE: {
    uz: "Kredit tarixini hozir tekshirib bo'lmadi. Bir daqiqadan keyin qayta urinib ko'ring",
    ru: 'Сейчас не удалось проверить кредитную историю. Попробуйте ещё раз через минуту',
  },
  PINFL_TAKEN: {
    uz: 'Bu JSHSHIR boshqa mijozga tegishli',
    ru: 'Этот ПИНФЛ принадлежит другому клиенту',
  },
  FACE_NOT_RECOGNISED: {
    uz: "Yuzingizni tanib bo'lmadi. Yorug' joyda, yuzingiz to'liq ko'rinadigan surat yuklang",
    ru: 'Не удалось распознать лицо. Загрузите снимок при хорошем свете, где лицо видно полностью',
  },
  IMAGE_MISSING: {
    uz: 'JPEG yoki PNG formatidagi suratni yuklang',
    ru: 'Загрузите снимок в формате JPEG или PNG',
  },
  IMAGE_TYPE_INVALID: {
    uz: "Surat JPEG yoki PNG formatida bo'lishi kerak",
    ru: 'Снимок должен быть в формате JPEG или PNG',
  },
  IMAGE_TOO_LARGE: {
    uz: "Surat 5 MB dan katta bo'lmasligi kerak",
    ru: 'Снимок должен быть не больше 5 МБ',
  },
  GUARANTOR_LIMIT: {
    uz: "Ko'pi bilan 3 ta ishonchli shaxs qo'shish mumkin",
    ru: 'Можно добавить не больше 3 контактных лиц',
  },
  GUARANTOR_EXISTS: {
    uz: "Bu raqamli shaxs allaqachon qo'shilgan",
    ru: 'Человек с этим номером уже добавлен',
  },
  GUARANTOR_NOT_FOUND: { uz: 'Ishonchli shaxs topilmadi', ru: 'Контактное лицо не найдено' },
  BRANCH_NOT_FOUND: { uz: 'Filial topilmadi', ru: 'Филиал не найден' },
  TARIFF_NOT_FOUND: { uz: "Bunday tarif yo'q", ru: 'Такого тарифа нет' },
  ORDER_NOT_FOUND: { uz: 'Buyurtma topilmadi', ru: 'Заказ не найден' },
  CHECKOUT_EMPTY: {
    uz: "Rasmiylashtirish uchun mahsulot yo'q. Savatdan mahsulot tanlang",
    ru: 'Нет товаров для оформления. Выберите товары в корзине',
  },
  SCORING_REQUIRED: {
    uz: "Muddatli to'lov uchun avval skoringdan o'ting",
    ru: 'Для рассрочки сначала пройдите скоринг',
  },
  CREDIT_OVERDUE: {
    uz: "Muddati o'tgan to'lovingiz bor. Uni to'lamaguningizcha yangi muddatli to'lov ochib bo'lmaydi",
    ru: 'У вас есть просроченный платёж. Пока он не оплачен, новую рассрочку оформить нельзя',
  },
  LIMIT_NOT_ENOUGH: {
    uz: "Limit yetarli emas: boshlang'ich to'lovni oshiring",
    ru: 'Лимита не хватает: увеличьте первоначальный взнос',
  },
  ORDER_NOT_CANCELLABLE: {
    uz: "Bu buyurtmani endi bekor qilib bo'lmaydi",
    ru: 'Этот заказ уже нельзя отменить',
  },
  ORDER_NOT_RETURNABLE: {
    uz: 'Faqat yetkazib berilgan buyurtmani qaytarish mumkin',
    ru: 'Вернуть можно только доставленный заказ',
  },
  ORDER_NOT_PAID: { uz: "Buyurtma hali to'lanmagan", ru: 'Заказ ещё не оплачен' },
  NOT_FULLY_PAID: {
    uz: "Buyurtma to'liq to'lanmagan",
    ru: 'Заказ оплачен не полностью',
  },
  ORDER_STATUS_FINAL: {
    uz: "Bu buyurtmaning holati boshqa o'zgarmaydi",
    ru: 'Статус этого заказа больше не меняется',
  },
  PREPAYMENT_LOCKED: {
    uz: "Boshlang'ich to'lovni faqat shartnoma imzolanmagan yangi buyurtmada o'zgartirish mumkin",
    ru: 'Первоначальный взнос можно изменить только в новом заказе с неподписанным договором',
  },
  PAYMENT_IN_PROGRESS: {
    uz: "To'lov tekshirilmoqda. Birozdan keyin urinib ko'ring",
    ru: 'Платёж проверяется. Попробуйте чуть позже',
  },
  ATTENTION_ACTION_REFUSED: {
    uz: "Bu holatda bunday amalni bajarib bo'lmaydi",
    ru: 'Это действие не подходит для такого случая',
  },
  ATTENTION_RESOLVED: {
    uz: "Bu to'lov endi xodimni kutmayapti: sahifani yangilang",
    ru: 'Этот платёж уже не ждёт сотрудника: обновите страницу',
  },
  FISCAL_NOT_FAILED: {
    uz: 'Bu chek qayta yuborishni kutmayapti: sahifani yangilang',
    ru: 'Этот чек не ждёт повторной отправки: обновите страницу',
  },
  MISMATCH_RESOLVED: {
    uz: 'Bu farqni boshqa xodim allaqachon yopgan: sahifani yangilang',
    ru: 'Это расхождение уже закрыто другим сотрудником: обновите страницу',
  },
  PAYMENT_NEEDS_ATTENTION: {
    uz: "Oldingi to'lovingizni xodimlarimiz tekshirmoqda. U aniqlangach, sizga SMS yuboramiz",
    ru: 'Ваш предыдущий платёж проверяют наши сотрудники. Когда он прояснится, мы пришлём SMS',
  },
  PREPAYMENT_FIRST: {
    uz: "Avval buyurtmaning boshlang'ich to'lovini to'lang",
    ru: 'Сначала оплатите первоначальный взнос по заказу',
  },
  IDEMPOTENCY_KEY_REQUIRED: {
    uz: "So'rovga Idempotency-Key sarlavhasini qo'shing",
    ru: 'Добавьте к запросу заголовок Idempotency-Key',
  },
  IDEMPOTENCY_KEY_INVALID: {
    uz: "Idempotency-Key 1 dan 255 tagacha lotin harfi, raqam, _ yoki - belgisidan iborat bo'lishi kerak",
    ru: 'Idempotency-Key — от 1 до 255 латинских букв, цифр, знаков _ или -',
  },
  IDEMPOTENCY_KEY_REUSED: {
    uz: "Bu Idempotency-Key boshqa so'rov bilan ishlatilgan",
    ru: 'Этот Idempotency-Key уже использован с другим запросом',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    uz: "Bu so'rov hali bajarilmoqda. Birozdan keyin qayta urinib ko'ring",
    ru: 'Этот запрос ещё выполняется. Повторите чуть позже',
  },
  VALIDATION_ERROR: { uz: "Ma'lumotlar noto'g'ri", ru: 'Неверные данные' },
  BAD_REQUEST: { uz: "So'rov noto'g'ri", ru: 'Неверный запрос' },
  PAYLOAD_TOO_LARGE: { uz: "So'rov juda katta", ru: 'Слишком большой запрос' },
  UNSUPPORTED_MEDIA_TYPE: {
    uz: "Bu format qo'llab-quvvatlanmaydi",
    ru: 'Этот формат не поддерживается',
  },
  RATE_LIMITED: {
    uz: "Juda ko'p so'rov. Birozdan keyin urinib ko'ring",
    ru: 'Слишком много запросов. Попробуйте позже',
  },
  SERVICE_UNAVAILABLE: { uz: 'Xizmat vaqtincha ishlamayapti', ru: 'Сервис временно недоступен' },
  LIMITS_UNAVAILABLE: {
    uz: "Xizmat vaqtincha ishlamayapti. Bir necha daqiqadan keyin urinib ko'ring",
    ru: 'Сервис временно недоступен. Попробуйте через несколько минут',
  },
  NUMBER_OUT_OF_RANGE: {
    uz: 'Son ruxsat etilgan chegaradan tashqarida',
    ru: 'Число вне допустимых пределов',
  },
  INTERNAL_ERROR: { uz: 'Serverda xatolik', ru: 'Ошибка сервера' },
  STAFF_SIGN_IN_FAILED: {
    uz: "Elektron pochta, parol yoki kod noto'g'ri",
    ru: 'Неверная почта, пароль или код',
  },
  STAFF_TOTP_REQUIRED: {
    uz: 'Autentifikator ilovasidagi kodni kiriting',
    ru: 'Введите код из приложения-аутентификатора',
  },
  STAFF_SIGN_IN_WAIT: {
    uz: "Bu manzildan juda ko'p muvaffaqiyatsiz urinish. {minutes} daqiqadan keyin urinib ko'ring",
    ru: 'Слишком много неудачных попыток с этого адреса. Попробуйте через {minutes} мин.',
  },
  STAFF_SIGN_IN_GUARDED: {
    uz: "Bu hisobga kirishda ko'p muvaffaqiyatsiz urinish bo'ldi. Parolni autentifikator ilovasidagi kod bilan birga kiriting (agar sizda bo'lsa)",
    ru: 'Для этой учётной записи было много неудачных попыток входа. Введите пароль вместе с кодом из приложения-аутентификатора (если он у вас есть)',
  },
  STAFF_TOTP_SETUP_REQUIRED: {
    uz: "Rolingiz uchun ikkinchi omil kerak: avval autentifikator ilovasini ulang, so'ng kiring",
    ru: 'Для вашей роли нужен второй фактор: сначала подключите приложение-аутентификатор, затем войдите',
  },
  STAFF_SESSION_INVALID: {
    uz: 'Seans tugagan. Qaytadan kiring',
    ru: 'Сеанс истёк. Войдите снова',
  },
  STAFF_FORBIDDEN: {
    uz: 'Sizning rolingiz bu amalga ruxsat bermaydi',
    ru: 'Ваша роль не позволяет это действие',
  },
  CSRF_INVALID: {
    uz: "So'rov tasdiqlanmadi. Sahifani yangilang va qaytadan urinib ko'ring",
    ru: 'Запрос не подтверждён. Обновите страницу и попробуйте снова',
  },
  SETUP_LINK_INVALID: {
    uz: "Havola yaroqsiz yoki muddati o'tgan. Egasidan yangisini so'rang",
    ru: 'Ссылка недействительна или устарела. Попросите владельца о новой',
  },
  STAFF_EXISTS: {
    uz: 'Bu elektron pochta bilan xodim allaqachon bor',
    ru: 'Сотрудник с этой почтой уже есть',
  },
  ORDER_STEP_INVALID: {
    uz: "Buyurtma hozirgi holatida bu amalni bajarib bo'lmaydi",
    ru: 'В текущем состоянии заказа это действие недоступно',
  },
  CUSTOMER_NOT_FOUND: { uz: 'Mijoz topilmadi', ru: 'Клиент не найден' },
  CUSTOMER_BLOCKED: {
    uz: "Hisobingiz bloklangan. Qo'llab-quvvatlash xizmatiga murojaat qiling",
    ru: 'Ваш аккаунт заблокирован. Обратитесь в службу поддержки',
  },
  STAFF_NOT_FOUND: { uz: 'Xodim topilmadi', ru: 'Сотрудник не найден' },
  RETURN_ALREADY_REQUESTED: {
    uz: "Bu buyurtmani qaytarish so'rovi allaqachon ko'rib chiqilmoqda",
    ru: 'Запрос на возврат этого заказа уже рассматривается',
  },
  RETURN_REQUEST_NOT_FOUND: {
    uz: "Qaytarish so'rovi topilmadi",
    ru: 'Запрос на возврат не найден',
  },
  RETURN_REQUEST_DECIDED: {
    uz: "Bu qaytarish so'rovi bo'yicha qaror allaqachon qabul qilingan",
    ru: 'По этому запросу на возврат решение уже принято',
  },
  CREDIT_NOT_PAYABLE: {
    uz: "Bu muddatli to'lov yopilgan yoki bekor qilingan: unga to'lov qabul qilinmaydi",
    ru: 'Эта рассрочка закрыта или отменена: платежи по ней не принимаются',
  },
  CASH_RECEIPT_EXISTS: {
    uz: 'Bu raqamli kvitansiya allaqachon kiritilgan',
    ru: 'Квитанция с этим номером уже внесена',
  },
  CUSTOMER_NOT_SCORED: {
    uz: "Limitni faqat skoringdan muvaffaqiyatli o'tgan mijozga o'zgartirish mumkin",
    ru: 'Лимит можно изменить только клиенту, одобренному скорингом',
  },
  LIMIT_ABOVE_DEBT_SERVICE: {
    uz: "Limit juda katta: eng uzun tarifdagi oylik to'lov daromadning 50 foizidan oshmasligi kerak",
    ru: 'Лимит слишком велик: ежемесячный платёж по самому длинному тарифу не должен превышать 50 % дохода',
  },
  LIMIT_ABOVE_TOTAL_CREDIT: {
    uz: "Limit juda katta: u o'rtacha oylik daromadning 5 baravaridan oshmasligi kerak",
    ru: 'Лимит слишком велик: он не может превышать 5 среднемесячных доходов',
  },
  LIMIT_ABOVE_FIRST_LIMIT_CAP: {
    uz: "Limit juda katta: kredit tarixi yo'q mijozning birinchi limiti chegaradan oshmasligi kerak",
    ru: 'Лимит слишком велик: первый лимит клиента без кредитной истории ограничен',
  },
  LIMIT_LOW_INCOME: {
    uz: 'Mijozning daromadi hech qanday limitga yetmaydi: faqat 0 (muzlatish) mumkin',
    ru: 'Дохода клиента не хватает ни на какой лимит: можно только 0 (заморозка)',
  },
  ...DICTIONARY_MESSAGES,
  LAST_OWNER: {
    uz: "Oxirgi egani o'zgartirib yoki o'chirib bo'lmaydi",
    ru: 'Нельзя изменить или отключить последнего владельца',
  },
} satisfies Record<string, Record<Lang, string>>;

export type ErrorCode = keyof typeof MESSAGES;

export const FIELD_MESSAGES: Record<FieldMessageKey, Record<Lang, string>> = {
  ...PRODUCT_FIELD_MESSAGES,
  ...CONTENT_FIELD_MESSAGES,
  ...DELIVERY_FIELD_MESSAGES,
  ...FISCAL_FIELD_MESSAGES,
  ...IMPORT_FIELD_MESSAGES,
  ...REVIEW_FIELD_MESSAGES,
  field_required: { uz: "To'ldirish shart", ru: 'Обязательное поле' },
  field_too_long: { uz: 'Juda uzun', ru: 'Слишком длинно' },
  phone_invalid: {
    uz: "Telefon raqami 998 va 9 ta raqamdan iborat bo'lishi kerak",
    ru: 'Номер телефона: 998 и 9 цифр',
  },
  product_invalid: { uz: "Mahsulot noto'g'ri ko'rsatilgan", ru: 'Неверно указан товар' },
  count_invalid: { uz: 'Soni 1 dan 99 gacha butun son', ru: 'Количество — целое число от 1 до 99' },
  otp_format: { uz: 'Kod 6 ta raqamdan iborat', ru: 'Код состоит из 6 цифр' },
  search_query_required: { uz: "Qidiruv so'zini kiriting", ru: 'Введите запрос' },
  stir_invalid: {
    uz: "STIR yoki JSHSHIR 9–14 ta raqamdan iborat bo'lishi kerak",
    ru: 'ИНН или ПИНФЛ — от 9 до 14 цифр',
  },
  address_too_short: {
    uz: "Ko'cha va uy raqamini yozing (kamida 3 ta belgi)",
    ru: 'Укажите улицу и дом (не меньше 3 символов)',
  },
  region_invalid: { uz: "Bunday viloyat yo'q", ru: 'Такого региона нет' },
  id_invalid: {
    uz: "Identifikator 1 dan 2147483647 gacha butun son bo'lishi kerak",
    ru: 'Идентификатор — целое число от 1 до 2147483647',
  },
  text_invalid: {
    uz: 'Matnda ruxsat etilmagan boshqaruv belgilari bor',
    ru: 'В тексте есть недопустимые управляющие символы',
  },
  card_number_invalid: {
    uz: "Karta raqami noto'g'ri: 16 ta raqamni tekshiring",
    ru: 'Неверный номер карты: проверьте 16 цифр',
  },
  card_type_unknown: {
    uz: 'Faqat Uzcard (8600, 5614) va Humo (9860) kartalari qabul qilinadi',
    ru: 'Принимаются только карты Uzcard (8600, 5614) и Humo (9860)',
  },
  card_expired: { uz: 'Kartaning muddati tugagan', ru: 'Срок действия карты истёк' },
  expire_date_invalid: {
    uz: "Amal qilish muddatini OO/YY ko'rinishida yozing",
    ru: 'Укажите срок действия в виде ММ/ГГ',
  },
  card_invalid: { uz: "Karta noto'g'ri ko'rsatilgan", ru: 'Неверно указана карта' },
  passport_invalid: {
    uz: "Pasport seriyasi 2 ta lotin harfi va 7 ta raqam bo'lishi kerak, masalan AA1234567",
    ru: 'Паспорт: 2 латинские буквы и 7 цифр, например AA1234567',
  },
  pinfl_invalid: { uz: 'JSHSHIR 14 ta raqamdan iborat', ru: 'ПИНФЛ состоит из 14 цифр' },
  pinfl_birth_mismatch: {
    uz: "JSHSHIR tug'ilgan sanaga mos kelmaydi",
    ru: 'ПИНФЛ не совпадает с датой рождения',
  },
  birth_date_invalid: { uz: "Tug'ilgan sana noto'g'ri", ru: 'Неверная дата рождения' },
  age_out_of_range: {
    uz: "Muddatli to'lov 18 yoshdan 70 yoshgacha bo'lganlar uchun",
    ru: 'Рассрочка доступна с 18 до 70 лет',
  },
  pinfl_taken: {
    uz: "Bu JSHSHIR boshqa mijozga tegishli. Qo'llab-quvvatlash xizmatiga yozing",
    ru: 'Этот ПИНФЛ принадлежит другому клиенту. Напишите в поддержку',
  },
  guarantor_own_phone: {
    uz: "O'zingizning raqamingizni emas, boshqa odamning raqamini yozing",
    ru: 'Укажите номер другого человека, не свой',
  },
  guarantor_phone_taken: {
    uz: "Bu raqamli shaxs allaqachon qo'shilgan",
    ru: 'Человек с этим номером уже добавлен',
  },
  relative_type_invalid: { uz: 'Qarindoshlik turini tanlang', ru: 'Выберите, кем приходится' },
  money_invalid: {
    uz: "Summa 0 dan 10 000 000 000 so'mgacha butun son bo'lishi kerak",
    ru: 'Сумма — целое число от 0 до 10 000 000 000 сум',
  },
  district_invalid: {
    uz: "Tanlangan viloyatda bunday tuman yoki shahar yo'q",
    ru: 'В выбранном регионе нет такого района или города',
  },
  address_invalid: { uz: "Manzil noto'g'ri ko'rsatilgan", ru: 'Неверно указан адрес' },
  payment_type_invalid: {
    uz: "To'lov turini tanlang: muddatli to'lov yoki to'liq to'lov",
    ru: 'Выберите способ оплаты: рассрочка или полная оплата',
  },
  tariff_invalid: { uz: "Tarif noto'g'ri ko'rsatilgan", ru: 'Неверно указан тариф' },
  tariff_required: {
    uz: "Muddatli to'lov uchun muddatni tanlang",
    ru: 'Для рассрочки выберите срок',
  },
  branch_invalid: { uz: "Filial noto'g'ri ko'rsatilgan", ru: 'Неверно указан филиал' },
  delivery_required: {
    uz: 'Yetkazib berish manzilini yoki olib ketish filialini tanlang',
    ru: 'Выберите адрес доставки или пункт самовывоза',
  },
  prepayment_too_large: {
    uz: "Boshlang'ich to'lov buyurtma summasidan kam bo'lishi kerak",
    ru: 'Первоначальный взнос должен быть меньше суммы заказа',
  },
  amount_above_debt: {
    uz: 'Summa qarzdorlikdan oshmasligi kerak',
    ru: 'Сумма не может быть больше задолженности',
  },
  amount_below_installment: {
    uz: "Muddatidan oldin to'lov kamida bir oylik to'lov miqdorida yoki butun qoldiq bo'lishi kerak",
    ru: 'Досрочный платёж — не меньше одного ежемесячного платежа или весь остаток',
  },
  early_mode_invalid: {
    uz: "Tanlang: muddatni qisqartirish yoki oylik to'lovni kamaytirish",
    ru: 'Выберите: сократить срок или уменьшить ежемесячный платёж',
  },
  basket_line_invalid: {
    uz: "Savatdagi mahsulot noto'g'ri ko'rsatilgan",
    ru: 'Неверно указан товар в корзине',
  },
  email_invalid: { uz: "Elektron pochta noto'g'ri", ru: 'Неверный адрес электронной почты' },
  totp_code_invalid: {
    uz: 'Autentifikator kodi 6 ta raqamdan iborat',
    ru: 'Код аутентификатора состоит из 6 цифр',
  },
  password_too_short: {
    uz: "Parol kamida 12 ta belgidan iborat bo'lishi kerak",
    ru: 'Пароль должен быть не короче 12 символов',
  },
  nothing_to_change: { uz: "O'zgartirish uchun hech narsa yo'q", ru: 'Нечего изменять' },
  customer_search_invalid: {
    uz: 'Telefon raqamlarini, #mijoz raqamini yoki F.I.Sh.ni kiriting (2–60 ta harf, apostrof va chiziqcha)',
    ru: 'Введите цифры телефона, #номер клиента или ФИО (2–60 букв, апостроф и дефис)',
  },
  name_invalid: {
    uz: 'Pasportdagidek yozing: 2–60 ta lotin yoki kirill harfi, apostrof va chiziqcha',
    ru: 'Укажите как в паспорте: 2–60 латинских или кириллических букв, апостроф и дефис',
  },
  income_invalid: {
    uz: "Oylik daromad 100 000 dan 1 000 000 000 so'mgacha butun son bo'lishi kerak",
    ru: 'Ежемесячный доход — целое число от 100 000 до 1 000 000 000 сум',
  },
  order_search_invalid: {
    uz: 'Buyurtma raqamini yoki telefon raqamlarini kiriting',
    ru: 'Введите номер заказа или цифры телефона',
  },
  report_range_order: {
    uz: "Oxirgi kun birinchi kundan oldin bo'lmasligi kerak",
    ru: 'Последний день не может быть раньше первого',
  },
  report_range_long: {
    uz: "Hisobot ko'pi bilan bir yilni qamraydi",
    ru: 'Отчёт охватывает не больше года',
  },
  ...DICTIONARY_FIELD_MESSAGES,
};

/** A rule's message in the caller's language, for field errors a service finds itself. */
export function fieldMessage(key: FieldMessageKey, lang: Lang): string {
  return FIELD_MESSAGES[key][lang];
}

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return (FIELD_MESSAGE_KEYS as readonly string[]).includes(value);
}

export function errorMessage(code: ErrorCode, lang: Lang): string {
  return MESSAGES[code][lang];
}
