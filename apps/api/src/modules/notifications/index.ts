// What the shop tells customers: in-shop notices and SMS sent through the outbox.
export { MESSAGE_OUTBOX_JOB, messageOutboxHandler, scheduleMessageOutbox } from './outbox.ts';
export type { Notice } from './service.ts';
export { recordInShopNotice, recordNotice, smsNotice } from './service.ts';
