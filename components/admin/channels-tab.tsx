"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { Channel } from "@/lib/contracts/admin-channels";
import { adminApi } from "./admin-session";
import { FallbackModels } from "./fallback-models";
import { QueryState } from "./query-state";

// The console's Channels screen (docs/product/channels.md): the channels in the order calls try
// them, their health, one form that adds a channel or edits the chosen one, and each model's fallback.

type Draft = { name: string; base_url: string; api_key: string; priority: string; enabled: boolean; models: string };

const EMPTY: Draft = { name: "", base_url: "", api_key: "", priority: "0", enabled: true, models: "" };

/** "gpt-4o-mini = openai/gpt-4o-mini" lines, as the form shows a channel's models. */
const modelLines = (models: Channel["models"]) =>
  models.map((m) => `${m.model_name} = ${m.provider_model_id}`).join("\n");

function parseModels(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [model, provider] = line.split("=").map((part) => part.trim());
      return { model_name: model, provider_model_id: provider || model };
    });
}

const draftOf = (c: Channel): Draft => ({
  name: c.name,
  base_url: c.base_url,
  api_key: "",
  priority: String(c.priority),
  enabled: c.enabled,
  models: modelLines(c.models),
});

export default function ChannelsTab() {
  const t = useTranslations("admin.channels");
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Channel | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const query = useQuery({ queryKey: ["admin", "channels"], queryFn: () => adminApi("GET /api/admin/channels") });

  const done = () => {
    setEditing(null);
    setDraft(EMPTY);
    void queryClient.invalidateQueries({ queryKey: ["admin", "channels"] });
  };
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const fields = {
        name: d.name,
        base_url: d.base_url,
        priority: Number(d.priority),
        enabled: d.enabled,
        models: parseModels(d.models),
      };
      if (!editing) return adminApi("POST /api/admin/channels", { body: { ...fields, api_key: d.api_key } });
      return adminApi("PATCH /api/admin/channels/{id}", {
        params: { id: String(editing.id) },
        body: { ...fields, ...(d.api_key ? { api_key: d.api_key } : {}) },
      });
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (c: Channel) => adminApi("DELETE /api/admin/channels/{id}", { params: { id: String(c.id) } }),
    onSuccess: done,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const field = (key: keyof Draft) => ({
    value: String(draft[key]),
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });
  const state = (c: Channel) => {
    if (c.cooling_down && c.cooldown_until)
      return t("coolingDown", { time: format.dateTime(new Date(c.cooldown_until), { timeStyle: "medium" }) });
    return c.consecutive_failures ? t("failures", { count: c.consecutive_failures }) : t("healthy");
  };

  return (
    <section data-testid="admin-channels">
      <h1>{t("title")}</h1>
      <p className="admin-hint">{t("lead")}</p>
      <QueryState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="admin-hint">{t("empty")}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t("priority")}</th>
                    <th>{t("name")}</th>
                    <th>{t("baseUrl")}</th>
                    <th>{t("apiKey")}</th>
                    <th>{t("models")}</th>
                    <th>{t("state")}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <tr key={c.id} data-testid="admin-channel-row">
                      <td>{c.priority}</td>
                      <td>
                        {c.name}
                        {c.enabled ? null : <span className="admin-hint"> · {t("disabled")}</span>}
                      </td>
                      <td className="admin-json">{c.base_url}</td>
                      <td className="admin-json">{c.api_key}</td>
                      <td className="admin-json">
                        {c.models.map((m) => `${m.model_name} → ${m.provider_model_id}`).join(", ")}
                      </td>
                      <td>{state(c)}</td>
                      <td>
                        <button
                          type="button"
                          className="admin-link-button"
                          onClick={() => (setEditing(c), setDraft(draftOf(c)))}
                        >
                          {t("edit")}
                        </button>{" "}
                        <button
                          type="button"
                          className="admin-link-button"
                          disabled={remove.isPending}
                          onClick={() => window.confirm(t("confirmDelete", { name: c.name })) && remove.mutate(c)}
                        >
                          {t("delete")}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>

      <h2>{editing ? t("editing", { name: editing.name }) : t("newChannel")}</h2>
      <form className="admin-form" onSubmit={submit} data-testid="admin-channel-form">
        <label>
          {t("name")}
          <input required maxLength={100} {...field("name")} />
        </label>
        <label>
          {t("baseUrl")}
          <input required type="url" placeholder="https://api.openai.com/v1" {...field("base_url")} />
        </label>
        <label>
          {editing ? t("apiKeyKeep") : t("apiKey")}
          <input required={!editing} type="password" autoComplete="off" {...field("api_key")} />
        </label>
        <label>
          {t("priority")}
          <input required type="number" min={0} max={10000} {...field("priority")} />
        </label>
        <label>
          {t("enabled")}
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
          />
        </label>
        <label>
          {t("modelsHint")}
          <textarea rows={4} cols={40} {...field("models")} />
        </label>
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {editing ? t("save") : t("add")}
        </button>
        {editing ? (
          <button type="button" className="admin-link-button" onClick={() => (setEditing(null), setDraft(EMPTY))}>
            {t("cancel")}
          </button>
        ) : null}
      </form>
      {save.isError || remove.isError ? (
        <p className="admin-error" role="alert">
          {t("saveFailed", { message: (save.error ?? remove.error)!.message })}
        </p>
      ) : null}
      <FallbackModels />
    </section>
  );
}
