import "server-only";
import type { Messages } from "next-intl";
import { translatorFor } from "@/lib/server/translator";

/** A key of the bot's texts, for code that names a text before it is written (a refusal). */
export type BotTextKey = keyof Messages["Bot"];

/** The bot's texts (namespace `Bot` of messages/*.json) in the user's language: `botText(lang)("greeting", { name })`. */
export const botText = (language: string) => translatorFor(language, "Bot");

/** The texts of steering a dialogue (namespace `BotSteer`): other model, context, job status. */
export const steerText = (language: string) => translatorFor(language, "BotSteer");
