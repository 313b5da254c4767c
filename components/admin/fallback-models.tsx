"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { adminApi } from "./admin-session";
import { QueryState } from "./query-state";

/** The Channels tab's second part: each model's fallback, chosen among the models of its type that offer all its actions. */
export function FallbackModels() {
  const t = useTranslations("admin.channels");
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ["admin", "model-fallbacks"],
    queryFn: () => adminApi("GET /api/admin/models/fallbacks"),
  });
  const save = useMutation({
    mutationFn: ({ id, fallback }: { id: number; fallback: string | null }) =>
      adminApi("PUT /api/admin/models/{id}/fallback", {
        params: { id: String(id) },
        body: { fallback_model: fallback },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "model-fallbacks"] }),
  });
  return (
    <section data-testid="admin-model-fallbacks">
      <h2>{t("fallbackTitle")}</h2>
      <p className="admin-hint">{t("fallbackLead")}</p>
      <QueryState query={query}>
        {(data) => (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>{t("model")}</th>
                  <th>{t("type")}</th>
                  <th>{t("fallback")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((m) => (
                  <tr key={m.id}>
                    <td>
                      {m.display_name} <span className="admin-hint">{m.model_name}</span>
                    </td>
                    <td>{m.type}</td>
                    <td>
                      <select
                        aria-label={t("fallbackOf", { model: m.display_name })}
                        value={m.fallback_model ?? ""}
                        disabled={save.isPending}
                        onChange={(e) => save.mutate({ id: m.id, fallback: e.target.value || null })}
                      >
                        <option value="">{t("fallbackNone")}</option>
                        {data.items
                          .filter(
                            (other) =>
                              other.type === m.type &&
                              other.id !== m.id &&
                              m.actions.every((a) => other.actions.includes(a)),
                          )
                          .map((other) => (
                            <option key={other.id} value={other.model_name}>
                              {other.display_name}
                            </option>
                          ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {save.isError ? (
        <p className="admin-error" role="alert">
          {t("saveFailed", { message: save.error.message })}
        </p>
      ) : null}
    </section>
  );
}
