"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type {
  AdminAssistant,
  AdminAssistantCreate,
  AdminAssistantPatch,
  AdminCategory,
  AdminCategoryPatch,
} from "@/lib/contracts/admin-catalogue";
import { adminApi } from "../admin-session";
import { QueryState } from "../query-state";
import { useConsoleText } from "../use-console-text";
import { EditForm, type FormField } from "./edit-form";
import { useCatalogueChange } from "./use-catalogue-change";

type Editing = { assistant: AdminAssistant } | { category: AdminCategory } | "new-assistant" | "new-category" | null;

/** Assistant categories and assistants: tables, edit forms and new ones. */
export function AssistantsSection() {
  const t = useTranslations("admin.catalogue");
  const assistants = useQuery({
    queryKey: ["admin", "catalogue", "assistants"],
    queryFn: () => adminApi("GET /api/admin/assistants"),
  });
  const categories = useQuery({
    queryKey: ["admin", "catalogue", "categories"],
    queryFn: () => adminApi("GET /api/admin/assistant-categories"),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const consoleText = useConsoleText();
  const categoryName = (category: AdminCategory | undefined) =>
    category ? consoleText(category.name, category.name_en) : null;
  const updateAssistant = useCatalogueChange(({ id, body }: { id: number; body: AdminAssistantPatch }) =>
    adminApi("PATCH /api/admin/assistants/{id}", { params: { id: String(id) }, body }),
  );
  const createAssistant = useCatalogueChange((body: AdminAssistantCreate) =>
    adminApi("POST /api/admin/assistants", { body }),
  );
  const updateCategory = useCatalogueChange(({ id, body }: { id: number; body: AdminCategoryPatch }) =>
    adminApi("PATCH /api/admin/assistant-categories/{id}", { params: { id: String(id) }, body }),
  );
  const createCategory = useCatalogueChange((body: { ai_chat_type: string; name: string; name_en?: string | null }) =>
    adminApi("POST /api/admin/assistant-categories", { body }),
  );
  const texts: FormField[] = [
    { name: "name", label: t("fields.nameRu"), kind: "text" },
    { name: "name_en", label: t("fields.nameEn"), kind: "text" },
  ];
  const assistantFields: FormField[] = [
    ...texts,
    { name: "description", label: t("fields.descriptionRu"), kind: "text" },
    { name: "description_en", label: t("fields.descriptionEn"), kind: "text" },
    { name: "category_id", label: t("fields.categoryId"), kind: "number" },
    { name: "model_ids", label: t("fields.assistantModels"), kind: "ids" },
    { name: "instructions", label: t("fields.instructions"), kind: "textarea" },
    { name: "enabled", label: t("fields.enabled"), kind: "checkbox" },
  ];
  const close = () => setEditing(null);
  return (
    <QueryState query={categories}>
      {(cats) => (
        <>
          <h2>{t("categories")}</h2>
          <button type="button" className="admin-button" onClick={() => setEditing("new-category")}>
            {t("newCategory")}
          </button>
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="catalogue-categories">
              <thead>
                <tr>
                  <th>{t("fields.id")}</th>
                  <th>{t("fields.key")}</th>
                  <th>{t("fields.nameRu")}</th>
                  <th>{t("fields.nameEn")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {cats.map((c) => (
                  <tr key={c.id}>
                    <td>{c.id}</td>
                    <td>{c.ai_chat_type}</td>
                    <td>{c.name}</td>
                    <td>{c.name_en}</td>
                    <td>
                      <button type="button" className="admin-link-button" onClick={() => setEditing({ category: c })}>
                        {t("edit")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>{t("assistants")}</h2>
          <button type="button" className="admin-button" onClick={() => setEditing("new-assistant")}>
            {t("newAssistant")}
          </button>
          <QueryState query={assistants}>
            {(list) => (
              <div className="admin-table-wrap">
                <table className="admin-table" data-testid="catalogue-assistants">
                  <thead>
                    <tr>
                      <th>{t("fields.nameRu")}</th>
                      <th>{t("fields.nameEn")}</th>
                      <th>{t("fields.category")}</th>
                      <th>{t("fields.enabled")}</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((a) => (
                      <tr key={a.id}>
                        <td>{a.name}</td>
                        <td>{a.name_en}</td>
                        <td>{categoryName(cats.find((c) => c.id === a.category_id))}</td>
                        <td>{a.enabled ? t("yes") : t("no")}</td>
                        <td>
                          <button
                            type="button"
                            className="admin-link-button"
                            onClick={() => setEditing({ assistant: a })}
                          >
                            {t("edit")}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </QueryState>
          {editing === "new-category" ? (
            <EditForm
              title={t("newCategory")}
              creating
              fields={[{ name: "ai_chat_type", label: t("fields.key"), kind: "text" }, ...texts]}
              initial={{}}
              onSubmit={(values) => createCategory.mutateAsync(values as { ai_chat_type: string; name: string })}
              onClose={close}
            />
          ) : editing === "new-assistant" ? (
            <EditForm
              title={t("newAssistant")}
              creating
              fields={assistantFields}
              initial={{ category_id: cats[0]?.id ?? null, enabled: true }}
              onSubmit={(values) => createAssistant.mutateAsync(values as unknown as AdminAssistantCreate)}
              onClose={close}
            />
          ) : editing && "category" in editing ? (
            <EditForm
              key={`c${editing.category.id}`}
              title={t("editTitle", { name: consoleText(editing.category.name, editing.category.name_en) })}
              fields={texts}
              initial={editing.category}
              onSubmit={(changed) =>
                updateCategory.mutateAsync({ id: editing.category.id, body: changed as AdminCategoryPatch })
              }
              onClose={close}
            />
          ) : editing && "assistant" in editing ? (
            <EditForm
              key={`a${editing.assistant.id}`}
              title={t("editTitle", { name: consoleText(editing.assistant.name, editing.assistant.name_en) })}
              fields={assistantFields}
              initial={editing.assistant}
              onSubmit={(changed) =>
                updateAssistant.mutateAsync({ id: editing.assistant.id, body: changed as AdminAssistantPatch })
              }
              onClose={close}
            />
          ) : null}
        </>
      )}
    </QueryState>
  );
}
