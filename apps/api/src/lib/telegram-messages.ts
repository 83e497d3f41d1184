/** The Telegram module's refusals (merged into error-messages.ts's MESSAGES). */
export const TELEGRAM_MESSAGES = {
  TELEGRAM_OFF: {
    uz: "Telegram hozircha ulanmagan. SMS va do'kondagi bildirishnomalar ishlaydi",
    ru: 'Telegram пока не подключён. SMS и уведомления в магазине работают',
  },
  TELEGRAM_SECRET_MISSING: {
    uz: "So'rov Telegramdan emas",
    ru: 'Запрос не от Telegram',
  },
  TELEGRAM_SECRET_WRONG: {
    uz: "So'rov Telegramdan emas",
    ru: 'Запрос не от Telegram',
  },
} as const;
