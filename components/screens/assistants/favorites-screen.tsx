"use client";
import { useMemo } from "react";
import { useTranslations } from "next-intl";
import { TextAssistantList } from "@/components/assistants/text-assistant-list";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { useFavoriteAssistants } from "@/lib/queries/assistants";

// /assistant-category/favorit: the caller's favourite non-image assistants.
export default function FavoritesScreen() {
  const t = useTranslations("Assistants");
  const { data, isError } = useFavoriteAssistants();
  const assistants = useMemo<AssistantItem[] | undefined>(
    () => data?.filter((a) => a.type !== "generating_image").map(({ id, ...rest }) => ({ assistant_id: id, ...rest })),
    [data],
  );
  return (
    <TextAssistantList
      title={t("favoritesTitle")}
      assistants={assistants}
      isError={isError}
      emptyText={isError ? t("soryNotFoundAssistents") : t("soryNotFoundFavorits")}
    />
  );
}
