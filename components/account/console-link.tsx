"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { api } from "@/lib/client/api-client";
import { openAppPageOutside } from "@/lib/client/host";

/**
 * "Console" for an operator (docs/product/console.md): a one-time link that signs them in to /admin
 * without the Login Widget. Nothing is shown to anyone else.
 */
export function ConsoleLink() {
  const t = useTranslations("admin");
  const available = useQuery({ queryKey: ["user", "console-link"], queryFn: () => api("GET /api/user/console-link") });
  const open = useMutation({
    mutationFn: () => api("POST /api/user/console-link"),
    retry: false,
    onSuccess: ({ url }) => openAppPageOutside(url),
  });
  if (!available.data?.available) return null;
  return (
    <button
      type="button"
      className="pay-block account-link"
      data-testid="account-console-link"
      disabled={open.isPending}
      onClick={() => open.mutate()}
    >
      {t("consoleLink")} →
    </button>
  );
}
