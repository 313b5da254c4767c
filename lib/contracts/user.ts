import { z } from "zod";
import { perKind } from "@/lib/quota-kinds";

// Calls under /api/user/ (the favourites' are in ./assistants.ts beside their body).

// GET /api/user/user-tariff: the tariff's name (null = Free) and its monthly price.
export const userTariffResponseSchema = z.object({ user_tariff: z.string().nullable(), price: z.number() });
export type UserTariffResponse = z.infer<typeof userTariffResponseSchema>;

// GET /api/user/statistic
const quotaRecordSchema = z.object(perKind("apiKey", () => z.number()));
export const userStatisticResponseSchema = z.object({ remaining_quotas: quotaRecordSchema, tariff_limits: quotaRecordSchema });
export type UserStatisticResponse = z.infer<typeof userStatisticResponseSchema>;

// GET /api/user/count: how many sessions, favourites and messages the caller has.
export const userCountResponseSchema = z.object({ sessions: z.number(), favorites: z.number(), messages: z.number() });
export type UserCountResponse = z.infer<typeof userCountResponseSchema>;
