"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { Language } from "@/lib/contracts/common";
import type { PaymentListItem, RecurrentStatusResponse } from "@/lib/contracts/settings";

export const settingsKeys = {
  all: ["settings"] as const,
  payments: () => [...settingsKeys.all, "payments"] as const,
  recurrent: () => [...settingsKeys.all, "recurrent"] as const,
};

// POST /api/settings/payments (empty body) lists the caller's payments, newest first.
export const usePaymentList = () =>
  useQuery({ queryKey: settingsKeys.payments(), queryFn: () => apiFetch<PaymentListItem[]>("/settings/payments", { method: "POST" }) });

export const useRecurrentStatus = () =>
  useQuery({ queryKey: settingsKeys.recurrent(), queryFn: () => apiFetch<RecurrentStatusResponse>("/settings/recurrent-status") });

export function useSetRecurrent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isRecurrent: boolean) => apiFetch<unknown>("/settings/recurrent", { method: "POST", body: { is_recurrent: isRecurrent } }),
    retry: false,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.recurrent() }),
  });
}

export const useSetServerLanguage = () =>
  useMutation({
    mutationFn: (language: Language) => apiFetch<unknown>("/settings/language", { method: "POST", body: { language_code: language } }),
  });
