import { type ErrorBody, FIELD_MESSAGE_KEYS, type FieldMessageKey, type Lang } from '@bozor/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveLang } from './lang.ts';

const MESSAGES = {
  NOT_FOUND: { uz: 'Topilmadi', ru: 'Не найдено' },
  ROUTE_NOT_FOUND: { uz: "Bunday manzil yo'q", ru: 'Такого адреса нет' },
  PRODUCT_NOT_FOUND: { uz: 'Mahsulot topilmadi', ru: 'Товар не найден' },
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
  INTERNAL_ERROR: { uz: 'Serverda xatolik', ru: 'Ошибка сервера' },
} satisfies Record<string, Record<Lang, string>>;

export type ErrorCode = keyof typeof MESSAGES;

const FIELD_MESSAGES: Record<FieldMessageKey, Record<Lang, string>> = {
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
  district_invalid: {
    uz: "Tanlangan viloyatda bunday tuman yoki shahar yo'q",
    ru: 'В выбранном регионе нет такого района или города',
  },
};

/** A rule's message in the caller's language, for field errors a service finds itself. */
export function fieldMessage(key: FieldMessageKey, lang: Lang): string {
  return FIELD_MESSAGES[key][lang];
}

function isFieldMessageKey(value: string): value is FieldMessageKey {
  return (FIELD_MESSAGE_KEYS as readonly string[]).includes(value);
}

export function errorMessage(code: ErrorCode, lang: Lang): string {
  return MESSAGES[code][lang];
}

/** The one error services throw; the error handler turns it into the envelope of DESIGN §2. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Seconds, sent as `Retry-After` with a 429. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    fieldErrors?: Record<string, string[]>,
    options: { retryAfter?: number } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfter = options.retryAfter;
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(code, 404);

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function fieldErrorsOf(
  error: FastifyError & { validation: unknown[] },
  lang: Lang,
): Record<string, string[]> {
  const locale = lang === 'ru' ? z.locales.ru() : z.locales.uz();
  const errors: Record<string, string[]> = {};
  for (const raw of error.validation) {
    const issue = raw as { keyword: string; instancePath: string; message: string; params: object };
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    let text: string;
    if (isFieldMessageKey(issue.message)) {
      text = FIELD_MESSAGES[issue.message][lang];
    } else {
      const localized = locale.localeError({ ...issue.params, code: issue.keyword } as never);
      text = typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
    }
    errors[field] = [...(errors[field] ?? []), text];
  }
  return errors;
}

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** One error handler for the whole API: every failure leaves in the same envelope. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = resolveLang(request);
    if (error instanceof AppError) {
      if (error.retryAfter != null) reply.header('retry-after', String(error.retryAfter));
      return send(reply, error.status, {
        message: errorMessage(error.code, lang),
        code: error.code,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, {
        message: errorMessage('VALIDATION_ERROR', lang),
        code: 'VALIDATION_ERROR',
        errors: fieldErrorsOf(error, lang),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST';
      return send(reply, status, { message: errorMessage(code, lang), code });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, {
      message: errorMessage('INTERNAL_ERROR', lang),
      code: 'INTERNAL_ERROR',
    });
  });
}
