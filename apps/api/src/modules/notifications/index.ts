// What the shop tells customers (docs/notifications.md): one notice store for every channel, the
// customer's settings, and the one front door every sender calls: `deliverNotice` inside the
// change's transaction, then `sendNotice` after its commit. Channels beside SMS plug in with
// `registerNoticeChannel` (Telegram).

export { PRODUCT_ALERTS_CHANNEL, PRODUCT_ALERTS_JOB, productAlertsHandler } from './alerts.ts';
export type {
  ChannelMessage,
  NoticeChannelSender,
  PluggedChannel,
} from './channels.ts';
export { registerNoticeChannel } from './channels.ts';
export { MESSAGE_OUTBOX_JOB, messageOutboxHandler, scheduleMessageOutbox } from './outbox.ts';
export { adminPromotionRoutes } from './promotion-routes.ts';
export { PROMOTION_SEND_JOB, promotionSendHandler } from './promotions.ts';
export { adminAlertRoutes, notificationRoutes } from './routes.ts';
export type { Notice, NoticeKind } from './service.ts';
/** @deprecated the old names of `deliverNotice` and `sendNotice`; call those. */
export {
  deliverNotice,
  deliverNotice as recordNotice,
  PROMOTION_STOP,
  recordInShopNotice,
  sendNotice,
  sendNotice as smsNotice,
  TOPIC_OF_KIND,
} from './service.ts';
