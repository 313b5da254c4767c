"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { userKeys } from "./user";

const USAGE_PAGE_SIZE = 20;

/** The personal account's spending list: the caller's balance changes, newest first, a page at a time. */
export const useUsageList = () =>
  useInfiniteQuery({
    queryKey: [...userKeys.all, "usage"],
    queryFn: ({ pageParam }) => api("GET /api/user/usage", { query: { page: pageParam, page_size: USAGE_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined),
  });
