import { z } from "zod";
import { languageSchema } from "./common";

export const telegramLoginBodySchema = z.object({ initData: z.string().trim().min(1).max(8192) });
export const telegramLoginResponseSchema = z.object({ jwtToken: z.string(), language: languageSchema });
export type TelegramLoginResponse = z.infer<typeof telegramLoginResponseSchema>;
