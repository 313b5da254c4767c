"use client";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { haptic } from "./host";
import { mayPassOnRetry } from "./retry-policy";

/** docs/product/screens.md "Client data layer". */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A failure the person will see is also felt (a haptic); retries in between stay silent.
    queryCache: new QueryCache({ onError: () => haptic("error") }),
    mutationCache: new MutationCache({ onError: () => haptic("error") }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        // Two quick retries (0.3 + 0.6 s) and only where a retry may pass: a final answer shows at once.
        retry: (failureCount, error) => mayPassOnRetry(error) && failureCount < 2,
        retryDelay: (attempt) => 300 * 2 ** attempt,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
      },
      mutations: { retry: (failureCount, error) => mayPassOnRetry(error) && failureCount < 1 },
    },
  });
}
