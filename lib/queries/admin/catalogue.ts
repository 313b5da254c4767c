"use client";
import { queryOptions, type QueryKey } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { CallBody, JsonCallKey } from "@/lib/client/fetch-core";
import { useAdminChange } from "./change";

// The catalogue the console edits (docs/product/console.md#catalogue): models, tariffs, packages,
// assistants and their categories. Its lists refer to one another (a tariff's and an assistant's
// models, an assistant's category, a model's fallback), so a change to any refreshes them all.

export const adminCatalogueKeys = {
  all: ["admin", "catalogue"] as const,
  models: () => [...adminCatalogueKeys.all, "models"] as const,
  fallbacks: () => [...adminCatalogueKeys.all, "fallbacks"] as const,
  tariffs: () => [...adminCatalogueKeys.all, "tariffs"] as const,
  packages: () => [...adminCatalogueKeys.all, "packages"] as const,
  assistants: () => [...adminCatalogueKeys.all, "assistants"] as const,
  categories: () => [...adminCatalogueKeys.all, "categories"] as const,
};

type ListCall = Extract<JsonCallKey, `GET /api/admin/${string}`>;
type CreateCall = "POST /api/admin/packages" | "POST /api/admin/assistants" | "POST /api/admin/assistant-categories";
type UpdateCall =
  | "PATCH /api/admin/models/{id}"
  | "PATCH /api/admin/packages/{id}"
  | "PATCH /api/admin/assistants/{id}"
  | "PATCH /api/admin/assistant-categories/{id}";

/** A catalogue list: a GET without input, cached under its key. */
export const catalogueListOptions = <K extends ListCall>(queryKey: QueryKey, call: K) =>
  queryOptions({ queryKey, queryFn: () => adminApi(call) });

/** A change to the catalogue: every console list of it is fetched again. */
export const useCatalogueChange = <Input, Result>(send: (input: Input) => Promise<Result>) =>
  useAdminChange(send, [adminCatalogueKeys.all]);

// The body types of a call key still generic cannot be narrowed by the compiler, hence the casts.

/** Creates a record: `mutate(body)`. */
export const useCatalogueCreate = <K extends CreateCall>(call: K) =>
  useCatalogueChange((body: CallBody<K>) => adminApi(call, { body } as Parameters<typeof adminApi<K>>[1]));

/** Changes the given fields of a record: `mutate({ id, body })`. */
export const useCatalogueUpdate = <K extends UpdateCall>(call: K) =>
  useCatalogueChange(({ id, body }: { id: number; body: CallBody<K> }) =>
    adminApi(call, { params: { id: String(id) }, body } as unknown as Parameters<typeof adminApi<K>>[1]),
  );
