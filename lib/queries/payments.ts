"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { api } from "@/lib/client/api-client";
import { mayPassOnRetry } from "@/lib/client/retry-policy";
import { closeMiniApp, haptic, openPaymentLink } from "@/lib/client/host";
import type { CallBody } from "@/lib/client/fetch-core";
import type { PendingPaymentResponse } from "@/lib/contracts/tariff";
import { referralKeys } from "./referral";

export const paymentKeys = {
  all: ["payment"] as const,
  pending: () => [...paymentKeys.all, "pending"] as const,
};

/** Checks for a pending payment on demand: never automatic, never retried (docs/product/payments.md). */
export function useCheckPendingPayment(): () => Promise<PendingPaymentResponse> {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: paymentKeys.pending(),
      queryFn: () => api("GET /api/tariff/check-pending-payment"),
      retry: false,
      staleTime: 0,
    });
}

/**
 * The open payment, shown on the payment screens (so a reload still says one is waiting); fetched when
 * a payment screen opens and again on every return to the app (account-freshness.ts), never retried.
 */
export const usePendingPayment = () =>
  useQuery({
    queryKey: paymentKeys.pending(),
    queryFn: () => api("GET /api/tariff/check-pending-payment"),
    retry: false,
    staleTime: 0,
    refetchOnMount: "always",
  });

/** Cancels the pending payment (the server restores any referral balance it reserved). */
export function useCancelPendingPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("POST /api/tariff/cancel-pending-payment"),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.pending() });
      void queryClient.invalidateQueries({ queryKey: referralKeys.balance() });
    },
  });
}

// Telegram for iOS opens a link only within 10 s of the user's last tap: a link that arrives later
// is not opened automatically but offered as a button, so a fresh tap opens it.
const TAP_WINDOW_MS = 5000;

/** Hands the link over; the mini-app closes only when the host took an external link. */
function handOver(url: string) {
  if (openPaymentLink(url).handedToHost) closeMiniApp();
}

// Payment-link calls are not cached and retry twice after 1000 ms (docs/product/payments.md), only where a
// retry may pass (no answer, 503, 504): a refusal or an error answer is final and shown at once.
type PaymentCall = "POST /api/tariff/create" | "POST /api/tariff/create_custom" | "POST /api/package/payment";
function usePaymentMutation<K extends PaymentCall>(call: K) {
  const queryClient = useQueryClient();
  const tappedAt = useRef(0);
  const [deferredUrl, setDeferredUrl] = useState<string | null>(null);
  const mutation = useMutation({
    // CallBody<K> is the body of exactly this call; the compiler cannot narrow the input type of a
    // call key that is still generic, hence the cast.
    mutationFn: (body: CallBody<K>) => api(call, { body } as Parameters<typeof api<K>>[1]),
    onMutate: () => {
      haptic("pay");
      tappedAt.current = Date.now();
      setDeferredUrl(null);
    },
    retry: (failureCount, error) => failureCount < 2 && mayPassOnRetry(error),
    retryDelay: 1000,
    gcTime: 0,
    onSuccess: (data) => {
      // The payment now pends; coming back from its page refreshes the rest (account-freshness.ts).
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: referralKeys.balance() });
      if (!data.payment_url) return;
      if (Date.now() - tappedAt.current <= TAP_WINDOW_MS) handOver(data.payment_url);
      else setDeferredUrl(data.payment_url);
    },
    // The screen says what happened (PayActions) and keeps the form; the details go to the console.
    onError: (error) => console.error("Payment creation failed", error),
  });
  /** A link that came too late to open on its own: opened by the "open the payment page" tap. */
  const openDeferred = deferredUrl
    ? () => {
        setDeferredUrl(null);
        handOver(deferredUrl);
      }
    : null;
  return { ...mutation, openDeferred };
}

export const useCreateTariffPayment = () => usePaymentMutation("POST /api/tariff/create");
export const useCreateCustomTariffPayment = () => usePaymentMutation("POST /api/tariff/create_custom");
export const useCreatePackagePayment = () => usePaymentMutation("POST /api/package/payment");
