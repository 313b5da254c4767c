"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { NotificationsResponse } from "@/lib/contracts/notifications";

export const notificationKeys = { all: ["notifications"] as const };

/** The bell's list, fetched when the sheet opens and fresh on every opening. */
export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.all,
    queryFn: () => apiFetch<NotificationsResponse>("/user/notifications"),
    enabled,
    staleTime: 0,
    refetchOnMount: "always",
  });
