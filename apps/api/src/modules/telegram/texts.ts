import type { Lang } from '@bozor/shared';

/** What the bot answers, in the customer's language (or the chat's, before it is linked). */
export const BOT_TEXTS = {
  linked: {
    uz: "Bozor: Telegram hisobingizga ulandi. Bildirishnomalar shu yerga keladi — qaysilari, profilingizdagi sozlamalarda tanlang. O'chirish: /stop",
    ru: 'Bozor: Telegram подключён к вашему аккаунту. Уведомления будут приходить сюда — какие именно, выберите в настройках профиля. Отключить: /stop',
  },
  badToken: {
    uz: 'Bu havola eskirgan yoki allaqachon ishlatilgan. Bozor profilida «Telegramni ulash»ni qayta bosing.',
    ru: 'Эта ссылка устарела или уже использована. Нажмите «Подключить Telegram» в профиле Bozor ещё раз.',
  },
  hello: {
    uz: "Bozor boti buyurtmalar, to'lovlar va eslatmalar haqida xabar beradi. Ulash uchun Bozor profilida «Telegramni ulash»ni bosing.",
    ru: 'Бот Bozor сообщает о заказах, платежах и напоминаниях. Чтобы подключить его, нажмите «Подключить Telegram» в профиле Bozor.',
  },
  stopped: {
    uz: 'Bozor: Telegram hisobingizdan uzildi. Bildirishnomalar endi bu yerga kelmaydi.',
    ru: 'Bozor: Telegram отключён от вашего аккаунта. Уведомления сюда больше не придут.',
  },
  notLinked: {
    uz: 'Bu chat hech qaysi Bozor hisobiga ulanmagan.',
    ru: 'Этот чат не подключён ни к одному аккаунту Bozor.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

/** The button under a notice: pay for what failed or falls due, or open what it is about. */
export const BUTTON_TEXTS = {
  pay: { uz: "Hozir to'lash", ru: 'Оплатить сейчас' },
  open: { uz: 'Ochish', ru: 'Открыть' },
} as const satisfies Record<string, Record<Lang, string>>;

/** A chat's language before it is linked: Russian for a Russian Telegram, else Uzbek. */
export const chatLang = (code: string | undefined): Lang => (code?.startsWith('ru') ? 'ru' : 'uz');
