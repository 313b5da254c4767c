"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { referralKeys } from "./referral";
import { userKeys } from "./user";

/** POST /api/promo/redeem: what the code gave changes the balances, the tariff or the referral balance. */
export function useRedeemPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api("POST /api/promo/redeem", { body: { code } }),
    retry: false,
    onSuccess: (answer) => {
      if (!answer.success) return;
      for (const queryKey of [userKeys.all, referralKeys.all]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
