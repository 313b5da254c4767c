"use client";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { haptic } from "./host-frame";
import { ApiRequestError } from "./api-client";

const isClientError = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/** SPEC.md section 7 "Caching behaviour". */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A failure the person will see is also felt (issue 14); retries in between stay silent.
    queryCache: new QueryCache({ onError: () => haptic("error") }),
    mutationCache: new MutationCache({ onError: () => haptic("error") }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
        // Three quick retries (0.3 + 0.6 + 1.2 s) rather than 7 s of spinner before a 5xx shows.
        retryDelay: (attempt) => Math.min(300 * 2 ** attempt, 5_000),
        refetchOnWindowFocus: false,
        refetchOnMount: false,
      },
      mutations: { retry: 1 },
    },
  });
}
