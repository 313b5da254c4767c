"use client";
import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./api-client";

const isClientError = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/** SPEC.md section 7 "Caching behaviour". */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        refetchOnMount: false,
      },
      mutations: { retry: 1 },
    },
  });
}
