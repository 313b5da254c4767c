"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminApi } from "@/lib/client/admin-session";
import type { adminPromoCreateBodySchema, adminPromoSchema } from "@/lib/contracts/promo";
import { useAdminChange } from "./change";

export type AdminPromo = z.infer<typeof adminPromoSchema>;
export type PromoCreateBody = z.input<typeof adminPromoCreateBodySchema>;

export const adminPromoKeys = {
  all: ["admin", "promo-codes"] as const,
  list: () => [...adminPromoKeys.all, "list"] as const,
};

export const adminPromoCodesQueryOptions = () =>
  queryOptions({ queryKey: adminPromoKeys.list(), queryFn: () => adminApi("GET /api/admin/promo-codes") });
export const useAdminPromoCodes = () => useQuery(adminPromoCodesQueryOptions());

/** POST /api/admin/promo-codes: a new code (refused field by field, or 409 for a name taken). */
export const useCreatePromoCode = () =>
  useAdminChange((body: PromoCreateBody) => adminApi("POST /api/admin/promo-codes", { body }), [adminPromoKeys.all]);
