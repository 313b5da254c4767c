"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import type {
  Channel,
  ChannelCreateBody,
  ChannelPatchBody,
  channelTestResponseSchema,
} from "@/lib/contracts/admin-channels";
import {
  useAdminChannels,
  useCreateChannel,
  useDeleteChannel,
  useTestChannel,
  useUpdateChannel,
} from "@/lib/queries/admin/channels";
import { FallbackModels } from "./fallback-models";
import { Alert } from "./ui/alert";
import { DataTable, type Column } from "./ui/data-table";
import { EditSection } from "./ui/edit-section";
import type { Field } from "./ui/fields";
import { LinkButton } from "./ui/link-button";
import { QueryTable } from "./ui/query-table";

// The console's Channels screen (docs/product/channels.md): the channels in the order calls try
// them, their health, one form that adds a channel or edits the chosen one, and each model's fallback.

type ChannelTestResult = z.infer<typeof channelTestResponseSchema>["results"][number];

/** A channel's models as the form shows them: "gpt-4o-mini = openai/gpt-4o-mini" lines. */
const modelLines = {
  show: (models: unknown) =>
    ((models ?? []) as Channel["models"]).map((m) => `${m.model_name} = ${m.provider_model_id}`).join("\n"),
  read: (text: string) =>
    text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [model, provider] = line.split("=").map((part) => part.trim());
        return { model_name: model, provider_model_id: provider || model };
      }),
};

/** A channel's prices as the form shows them: "in_per_1k = 0.15" lines; a price left out is 0. */
const priceLines = {
  show: (prices: unknown) =>
    Object.entries((prices ?? {}) as Channel["prices"])
      .map(([name, value]) => `${name} = ${value}`)
      .join("\n"),
  read: (text: string) =>
    Object.fromEntries(
      text
        .split("\n")
        .map((line) => line.split("=").map((part) => part.trim()))
        .filter(([name]) => name)
        .map(([name, value]) => [name, Number(value)]),
    ),
};

function useChannelColumns(): Column<Channel>[] {
  const t = useTranslations("admin.channels");
  const format = useFormatter();
  const state = (c: Channel) => {
    if (c.auto_disabled_at)
      return t("autoDisabled", { time: format.dateTime(new Date(c.auto_disabled_at), { timeStyle: "medium" }) });
    if (c.cooling_down && c.cooldown_until)
      return t("coolingDown", { time: format.dateTime(new Date(c.cooldown_until), { timeStyle: "medium" }) });
    return c.consecutive_failures ? t("failures", { count: c.consecutive_failures }) : t("healthy");
  };
  return [
    { header: t("priority"), cell: (c) => c.priority },
    { header: t("weightColumn"), cell: (c) => c.weight },
    {
      header: t("name"),
      cell: (c) => (
        <>
          {c.name}
          {c.enabled ? null : <span className="admin-hint"> · {t("disabled")}</span>}
        </>
      ),
    },
    { header: t("baseUrl"), cell: (c) => c.base_url, className: "admin-json" },
    { header: t("apiKey"), cell: (c) => c.api_key, className: "admin-json" },
    {
      header: t("models"),
      cell: (c) => c.models.map((m) => `${m.model_name} → ${m.provider_model_id}`).join(", "),
      className: "admin-json",
    },
    { header: t("state"), cell: state },
  ];
}

/** The form's fields; editing, an empty key keeps the stored one. */
function useChannelFields(editing: boolean): Field[] {
  const t = useTranslations("admin.channels");
  return [
    { name: "name", label: t("name"), kind: "text", input: { required: true, maxLength: 100 } },
    {
      name: "base_url",
      label: t("baseUrl"),
      kind: "text",
      input: { required: true, type: "url", placeholder: "https://api.openai.com/v1" },
    },
    {
      name: "api_key",
      label: editing ? t("apiKeyKeep") : t("apiKey"),
      kind: "text",
      input: { required: !editing, type: "password", autoComplete: "off" },
    },
    {
      name: "priority",
      label: t("priority"),
      kind: "number",
      input: { required: true, type: "number", min: 0, max: 10_000 },
    },
    { name: "weight", label: t("weight"), kind: "number", input: { type: "number", min: 1, max: 1000 } },
    { name: "enabled", label: t("enabled"), kind: "checkbox" },
    { name: "models", label: t("modelsHint"), kind: "textarea", codec: modelLines },
    { name: "prices", label: t("pricesHint"), kind: "textarea", codec: priceLines },
  ];
}

export default function ChannelsTab() {
  const t = useTranslations("admin.channels");
  const tc = useTranslations("admin.common");
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const probe = useTestChannel();
  const columns = useChannelColumns();
  const [editing, setEditing] = useState<Channel | null>(null);
  // A new form after every save: editing the next channel, or empty for the next one to add.
  const [round, setRound] = useState(0);
  const fields = useChannelFields(editing !== null);
  const open = (channel: Channel | null) => (setEditing(channel), setRound(round + 1));
  return (
    <section data-testid="admin-channels">
      <h1>{t("title")}</h1>
      <p className="admin-hint">{t("lead")}</p>
      <QueryTable
        query={useAdminChannels()}
        columns={columns}
        empty={t("empty")}
        rowKey={(c) => c.id}
        rowTestId="admin-channel-row"
        actions={(c) => (
          <>
            <LinkButton onClick={() => open(c)}>{tc("edit")}</LinkButton>{" "}
            <LinkButton disabled={probe.isPending} onClick={() => probe.mutate(c.id)} data-testid="admin-channel-test">
              {t("test")}
            </LinkButton>{" "}
            <LinkButton
              disabled={remove.isPending}
              onClick={() => window.confirm(t("confirmDelete", { name: c.name })) && remove.mutate(c.id)}
            >
              {t("delete")}
            </LinkButton>
          </>
        )}
      />
      <EditSection
        key={round}
        title={editing ? tc("editTitle", { name: editing.name }) : t("newChannel")}
        fields={fields}
        initial={editing ? { ...editing, api_key: "" } : { priority: 0, weight: 1, enabled: true }}
        creating={!editing}
        submitLabel={editing ? undefined : t("add")}
        onSubmit={(values) =>
          editing
            ? update.mutateAsync({ id: editing.id, body: values as ChannelPatchBody })
            : create.mutateAsync({ models: [], ...values } as unknown as ChannelCreateBody)
        }
        onDone={() => open(null)}
        onCancel={editing ? () => open(null) : undefined}
        testId="admin-channel"
      />
      <Alert message={remove.error && t("saveFailed", { message: remove.error.message })} />
      <TestResults results={probe.data?.results} error={probe.error?.message} />
      <FallbackModels />
    </section>
  );
}

/** What the last channel test answered, a line per model. */
function TestResults({ results, error }: { results?: ChannelTestResult[]; error?: string }) {
  const t = useTranslations("admin.channels");
  if (error) return <Alert message={t("testFailed", { message: error })} />;
  if (!results) return null;
  return (
    <section aria-live="polite" data-testid="admin-channel-test-results">
      <h2>{t("testTitle")}</h2>
      <DataTable
        rows={results}
        rowKey={(r) => r.model_name}
        empty={t("testNoModels")}
        columns={[
          { header: t("models"), cell: (r) => r.model_name },
          { header: t("testStatus"), cell: (r) => (r.ok ? t("testOk") : t("testError", { error: r.error ?? "" })) },
          { header: t("testLatency"), cell: (r) => r.latency_ms },
        ]}
      />
    </section>
  );
}
