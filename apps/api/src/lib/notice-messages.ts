/** The notification centre's and the alerts' refusals (merged into error-messages.ts's MESSAGES). */
export const NOTICE_MESSAGES = {
  NOTIFICATION_NOT_FOUND: { uz: 'Bildirishnoma topilmadi', ru: 'Уведомление не найдено' },
  PAYMENT_NOTICES_REQUIRED: {
    uz: "Muddatli to'lov ochiq ekan, to'lov va eslatmalar SMS yoki Telegram orqali kelishi kerak",
    ru: 'Пока рассрочка открыта, платежи и напоминания должны приходить по SMS или в Telegram',
  },
  ALERT_NOT_FOUND: { uz: "Bunday obuna yo'q", ru: 'Такой подписки нет' },
  ALERT_IN_STOCK: {
    uz: "Bu mahsulot sotuvda bor: uni hozir savatga qo'shish mumkin",
    ru: 'Этот товар есть в наличии: его можно добавить в корзину сейчас',
  },
  ALERT_PRICE_NOT_BELOW: {
    uz: "Kutilgan narx hozirgi narxdan past bo'lishi kerak",
    ru: 'Ожидаемая цена должна быть ниже текущей',
  },
  PROMOTION_NOT_FOUND: { uz: 'Aksiya topilmadi', ru: 'Акция не найдена' },
  PROMOTION_NOT_DRAFT: {
    uz: "Bu aksiya yuborilgan: uni o'zgartirib bo'lmaydi. Yangisini yozing",
    ru: 'Эта акция уже отправлена: изменить её нельзя. Напишите новую',
  },
} as const;
