"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";

export const notificationKeys = { all: ["notifications"] as const };

/** The bell's list, fetched when the sheet opens and fresh on every opening. */
export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.all,
    queryFn: () => api("GET /api/user/notifications"),
    enabled,
    staleTime: 0,
    refetchOnMount: "always",
  });
