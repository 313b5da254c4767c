"use client";
import { useParams } from "wouter";
import { useTranslations } from "next-intl";
import { TextAssistantList } from "@/components/assistants/text-assistant-list";
import { useAssistantsByCategory } from "@/lib/queries/assistants";

const decode = (value: string | undefined) => {
  try {
    return decodeURIComponent(value ?? "");
  } catch {
    return value ?? "";
  }
};

// /assistant-category/{typeAssistant}/{typeName}: the assistants of one category.
export default function AssistantListScreen() {
  const t = useTranslations("Assistants");
  const params = useParams<{ typeAssistant: string; typeName: string }>();
  const type = decode(params.typeAssistant);
  const { data, isError } = useAssistantsByCategory(type);
  return (
    <TextAssistantList
      title={decode(params.typeName) || type}
      assistants={data}
      isError={isError}
      emptyText={t("soryNotFoundAssistents")}
    />
  );
}
