/**
 * The channel hook: channels beside SMS plug in here (Telegram, `modules/telegram`). A channel
 * registers a sender once its process starts (`registerNoticeChannel('telegram', sender)`);
 * from then on `deliverNotice` asks it whether a customer can be reached there, queues the
 * notice's message in the outbox with `channel = 'telegram'`, and the outbox (the request after
 * its commit, then the `message-outbox` job, with the same retries as SMS) hands the message to
 * its `send`. While no sender is registered nothing is queued for that channel; a message queued
 * for a channel whose sender is gone waits and is tried again like a failed send.
 */
import type { Lang, NoticeLink } from '@bozor/shared';
import type { Executor } from '../../db/client.ts';

/** The channels that can plug in beside SMS. */
export type PluggedChannel = 'telegram';

/** One queued message of a plugged channel, as its sender gets it. */
export interface ChannelMessage {
  /** The outbox row's id: the same on every retry of this message (a de-duplication key). */
  id: number;
  customerId: number;
  /** The customer's phone when the message was written. */
  phone: string;
  /** The notice in the customer's language, without the SMS prefix. */
  text: string;
  lang: Lang;
  /** The notice's kind (`payment_failed`…) and what it links to (a "pay now" button). */
  kind: string;
  link: NoticeLink | null;
}

export interface NoticeChannelSender {
  /**
   * Whether the customer can receive this channel now (Telegram: the account is linked). Asked
   * inside the transaction that writes the notice, with it.
   */
  reaches(db: Executor, customerId: number): Promise<boolean>;
  /** Sends one message; throwing leaves it in the outbox to be tried again. */
  send(message: ChannelMessage): Promise<void>;
}

const senders = new Map<PluggedChannel, NoticeChannelSender>();

/**
 * Plugs a channel in for this process (the last registration wins); answers a function that
 * unplugs it again, for a test or an app that closes.
 */
export function registerNoticeChannel(
  channel: PluggedChannel,
  sender: NoticeChannelSender,
): () => void {
  senders.set(channel, sender);
  return () => {
    if (senders.get(channel) === sender) senders.delete(channel);
  };
}

export function noticeChannel(channel: PluggedChannel): NoticeChannelSender | undefined {
  return senders.get(channel);
}
