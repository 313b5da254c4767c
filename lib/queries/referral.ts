"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";

export const referralKeys = {
  all: ["referral"] as const,
  balance: () => [...referralKeys.all, "balance"] as const,
  myCode: () => [...referralKeys.all, "my-code"] as const,
  canApply: () => [...referralKeys.all, "can-apply"] as const,
  check: (code: string) => [...referralKeys.all, "check", code] as const,
};

export const referralBalanceQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.balance(), queryFn: () => api("GET /api/referral/balance") });
export const useReferralBalance = () => useQuery(referralBalanceQueryOptions());

export const useMyReferralCode = () =>
  useQuery({ queryKey: referralKeys.myCode(), queryFn: () => api("GET /api/referral/my-code") });

export const useCanApplyReferral = () =>
  useQuery({ queryKey: referralKeys.canApply(), queryFn: () => api("GET /api/referral/can-apply") });

/** Checks a code once it is long enough (docs/product/referral.md); `enabled` is false while it is too short. */
export const useCheckReferralCode = (code: string, enabled: boolean) =>
  useQuery({
    queryKey: referralKeys.check(code),
    queryFn: () => api("GET /api/referral/check-code/{code}", { params: { code } }),
    enabled,
    retry: false,
    staleTime: 0,
  });

/** After a successful activation every referral figure is refetched. */
export function useActivateReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api("POST /api/referral/activate-code", { body: { referral_code: code } }),
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
