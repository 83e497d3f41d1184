import { z } from 'zod';

/**
 * The customer's Telegram as the profile shows it: whether the shop has a bot at all
 * (`available`), and whether their account is linked to a chat with it, under which name.
 */
export const TelegramLink = z.object({
  available: z.boolean(),
  linked: z.boolean(),
  /** The chat's first name, and @username when it has one. */
  name: z.string().nullable(),
  username: z.string().nullable(),
  linked_at: z.string().nullable(),
});
export type TelegramLink = z.infer<typeof TelegramLink>;

/** A one-time deep link (`https://t.me/<bot>?start=<token>`) that links the chat opening it. */
export const TelegramDeepLink = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type TelegramDeepLink = z.infer<typeof TelegramDeepLink>;
