"use client";
import { useTranslations } from "next-intl";
import { useModelFallbacks, useSetModelFallback } from "@/lib/queries/admin/models";
import { Alert } from "./ui/alert";
import { Options } from "./ui/choice";
import { QueryTable } from "./ui/query-table";

type FallbackRow = {
  id: number;
  model_name: string;
  display_name: string;
  type: string;
  actions: string[];
  fallback_model: string | null;
};

/** The Channels tab's second part: each model's fallback, chosen among the models of its type that offer all its actions. */
export function FallbackModels() {
  const t = useTranslations("admin.channels");
  const query = useModelFallbacks();
  const save = useSetModelFallback();
  const models = query.data?.items ?? [];
  const fallbackSelect = (model: FallbackRow) => (
    <select
      aria-label={t("fallbackOf", { model: model.display_name })}
      value={model.fallback_model ?? ""}
      disabled={save.isPending}
      onChange={(e) => save.mutate({ id: model.id, fallback: e.target.value || null })}
    >
      <Options
        options={[
          { value: "", label: t("fallbackNone") },
          ...models
            .filter(
              (o) => o.type === model.type && o.id !== model.id && model.actions.every((a) => o.actions.includes(a)),
            )
            .map((o) => ({ value: o.model_name, label: o.display_name })),
        ]}
      />
    </select>
  );
  return (
    <section data-testid="admin-model-fallbacks">
      <h2>{t("fallbackTitle")}</h2>
      <p className="admin-hint">{t("fallbackLead")}</p>
      <QueryTable
        query={query}
        rowKey={(m) => m.id}
        columns={[
          {
            header: t("model"),
            cell: (m) => (
              <>
                {m.display_name} <span className="admin-hint">{m.model_name}</span>
              </>
            ),
          },
          { header: t("type"), cell: (m) => m.type },
          { header: t("fallback"), cell: fallbackSelect },
        ]}
      />
      <Alert message={save.error && t("saveFailed", { message: save.error.message })} />
    </section>
  );
}
