-- Telegram's flood wait (a 429's retry_after) per bot, kept where every API process and machine
-- reads it: Telegram limits the bot, not a process, and punishes a bot that sends during its wait
-- with longer ones. Keyed by a name, never by the bot's token (a secret).
CREATE TABLE "telegram_flood_waits" (
	"bot" text PRIMARY KEY NOT NULL,
	"not_before" timestamp with time zone NOT NULL
);
