"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { ReferralBalanceResponse } from "@/lib/contracts/tariffs";

export const referralKeys = {
  all: ["referral"] as const,
  balance: () => [...referralKeys.all, "balance"] as const,
};

export const referralBalanceQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.balance(), queryFn: () => apiFetch<ReferralBalanceResponse>("/referral/balance") });
export const useReferralBalance = () => useQuery(referralBalanceQueryOptions());
