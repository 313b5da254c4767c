"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import type { Language } from "@/lib/contracts/common";
import { userKeys } from "./user";

export const settingsKeys = {
  all: ["settings"] as const,
  payments: () => [...settingsKeys.all, "payments"] as const,
  recurrent: () => [...settingsKeys.all, "recurrent"] as const,
};

// POST /api/settings/payments (empty body) lists the caller's payments, newest first.
export const usePaymentList = () =>
  useQuery({ queryKey: settingsKeys.payments(), queryFn: () => api("POST /api/settings/payments") });

export const useRecurrentStatus = () =>
  useQuery({ queryKey: settingsKeys.recurrent(), queryFn: () => api("GET /api/settings/recurrent-status") });

export function useSetRecurrent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isRecurrent: boolean) => api("POST /api/settings/recurrent", { body: { is_recurrent: isRecurrent } }),
    retry: false,
    // The tariff's "renews on" / "active until" line follows the switch (components/tariffs/tariff-end.tsx).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.recurrent() });
      void queryClient.invalidateQueries({ queryKey: userKeys.tariff() });
    },
  });
}

/** Saves the interface language; every answer is then fetched again, since catalogue texts (models, tariffs, packages, assistants) come in it. */
export function useSetServerLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => api("POST /api/settings/language", { body: { language_code: language } }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
