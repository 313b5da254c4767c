"use client";
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

/** A change to the catalogue: every console list of it is fetched again. */
export const useCatalogueChange = <Input, Result>(send: (input: Input) => Promise<Result>) =>
  useAdminChange(send, [adminCatalogueKeys.all]);
