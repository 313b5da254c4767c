import { z } from "zod";
import type { Language } from "./common";

export const telegramLoginBodySchema = z.object({ initData: z.string().trim().min(1).max(8192) });
export type TelegramLoginResponse = { jwtToken: string; language: Language };
