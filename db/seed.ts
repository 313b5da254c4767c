import { and, eq, notInArray, sql } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "./schema";
import {
  catalogueAssistants,
  catalogueCategories,
  catalogueModels,
  cataloguePackages,
  catalogueRates,
  catalogueTariffs,
  catalogueVideoCapabilities,
} from "./catalogue";
import { modelIconPath } from "./model-icons";
import type { ModelAction } from "@/lib/shared/model-actions";
import { defaultActionCost } from "@/lib/shared/pricing/job-price";

type Db = PostgresJsDatabase<typeof schema>;
const rub = (value: number) => Math.round(value * 100);
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Writes the demo catalogue into a database that has none, once: afterwards the operator's console
 * owns it and start-up never touches it again (docs/decisions/0280-console-owns-the-catalogue.md).
 * A database seeded before that rule (a catalogue_version row without seeded_at) gets one last upsert
 * by the stable keys, which fills the columns added since, and is then marked seeded.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const [seeded] = await db
    .select({ at: schema.catalogueVersion.seededAt })
    .from(schema.catalogueVersion)
    .where(eq(schema.catalogueVersion.id, 1));
  if (seeded?.at) return;
  await db.transaction(async (tx) => {
    const modelRows = await tx
      .insert(schema.models)
      .values(
        catalogueModels.map(({ actions: _actions, ...m }, i) => ({
          ...m,
          image: modelIconPath(m.modelName, m.provider),
          sortOrder: i,
        })),
      )
      .onConflictDoUpdate({
        target: schema.models.modelName,
        set: {
          displayName: excluded("display_name"),
          displayNameEn: excluded("display_name_en"),
          provider: excluded("provider"),
          type: excluded("type"),
          image: excluded("image"),
          description: excluded("description"),
          descriptionEn: excluded("description_en"),
          modelTypeDescription: excluded("model_type_description"),
          sortOrder: excluded("sort_order"),
          providerModelId: excluded("provider_model_id"),
          providerCostUsd: excluded("provider_cost_usd"),
          contextTokens: excluded("context_tokens"),
          vision: excluded("vision"),
        },
      })
      .returning({ id: schema.models.id, modelName: schema.models.modelName });
    const modelId = new Map(modelRows.map((m) => [m.modelName, m.id]));

    await tx
      .insert(schema.modelActions)
      .values(
        catalogueModels.flatMap((m) =>
          m.actions.map((action) => ({
            modelId: modelId.get(m.modelName)!,
            action,
            priceUnits: defaultActionCost(action as ModelAction, m.textMultiplier).units,
          })),
        ),
      )
      .onConflictDoUpdate({
        target: [schema.modelActions.modelId, schema.modelActions.action],
        set: { priceUnits: excluded("price_units") },
      });

    const categoryRows = await tx
      .insert(schema.assistantCategories)
      .values(catalogueCategories.map((c, i) => ({ ...c, sortOrder: i })))
      .onConflictDoUpdate({
        target: schema.assistantCategories.aiChatType,
        set: {
          name: excluded("name"),
          nameEn: excluded("name_en"),
          image: excluded("image"),
          sortOrder: excluded("sort_order"),
        },
      })
      .returning({ id: schema.assistantCategories.id, aiChatType: schema.assistantCategories.aiChatType });
    const categoryId = new Map(categoryRows.map((c) => [c.aiChatType, c.id]));

    await tx
      .insert(schema.assistants)
      .values(
        catalogueAssistants.map(({ category, ...a }, i) => ({
          ...a,
          categoryId: categoryId.get(category)!,
          image: `/icons/assistants/${a.seedKey}.svg`,
          imageTab: a.imageTab ?? null,
          sortOrder: i,
        })),
      )
      .onConflictDoUpdate({
        target: schema.assistants.seedKey,
        set: {
          categoryId: excluded("category_id"),
          name: excluded("name"),
          description: excluded("description"),
          nameEn: excluded("name_en"),
          descriptionEn: excluded("description_en"),
          image: excluded("image"),
          type: excluded("type"),
          imageTab: excluded("image_tab"),
          systemPrompt: excluded("system_prompt"),
          sortOrder: excluded("sort_order"),
        },
      });

    const tariffRows = await tx
      .insert(schema.tariffs)
      .values(
        catalogueTariffs.map(({ models: _models, amountRub, ...t }, i) => ({
          ...t,
          amountKopecks: rub(amountRub),
          sortOrder: i,
        })),
      )
      .onConflictDoUpdate({
        target: schema.tariffs.name,
        set: {
          description: excluded("description"),
          descriptionEn: excluded("description_en"),
          amountKopecks: excluded("amount_kopecks"),
          tokenBalance: excluded("token_balance"),
          imageBalance: excluded("image_balance"),
          minutesBalance: excluded("minutes_balance"),
          fileBalance: excluded("file_balance"),
          videoBalance: excluded("video_balance"),
          sortOrder: excluded("sort_order"),
        },
      })
      .returning({ id: schema.tariffs.id, name: schema.tariffs.name });

    for (const tariff of tariffRows) {
      const wanted = catalogueTariffs.find((t) => t.name === tariff.name)!.models.map((m) => modelId.get(m)!);
      await tx
        .delete(schema.tariffModels)
        .where(and(eq(schema.tariffModels.tariffId, tariff.id), notInArray(schema.tariffModels.modelId, wanted)));
      await tx
        .insert(schema.tariffModels)
        .values(wanted.map((id) => ({ tariffId: tariff.id, modelId: id })))
        .onConflictDoNothing();
    }

    await tx
      .insert(schema.tariffRates)
      .values({ id: 1, ...catalogueRates })
      .onConflictDoUpdate({
        target: schema.tariffRates.id,
        set: catalogueRates,
      });

    await tx
      .insert(schema.packages)
      .values(cataloguePackages.map(({ priceRub, ...p }, i) => ({ ...p, priceKopecks: rub(priceRub), sortOrder: i })))
      .onConflictDoUpdate({
        target: schema.packages.seedKey,
        set: {
          name: excluded("name"),
          nameEn: excluded("name_en"),
          description: excluded("description"),
          descriptionEn: excluded("description_en"),
          image: excluded("image"),
          priceKopecks: excluded("price_kopecks"),
          smallDescriptionLanguageId: excluded("small_description_language_id"),
          descriptionLanguageId: excluded("description_language_id"),
          descriptionModelsId: excluded("description_models_id"),
          packagePurpose: excluded("package_purpose"),
          quotaAmount: excluded("quota_amount"),
          sortOrder: excluded("sort_order"),
        },
      });

    await tx
      .insert(schema.videoCapabilities)
      .values(catalogueVideoCapabilities)
      .onConflictDoUpdate({
        target: schema.videoCapabilities.modelNamePattern,
        set: {
          supportsTextToVideo: excluded("supports_text_to_video"),
          supportsImageToVideo: excluded("supports_image_to_video"),
          supportsVideoToVideo: excluded("supports_video_to_video"),
          supportedFormats: excluded("supported_formats"),
          durations: excluded("durations"),
        },
      });

    // Every process caches the catalogue (lib/server/catalogue/cache.ts) and reloads it when this moves.
    await tx
      .insert(schema.catalogueVersion)
      .values({ id: 1, version: 1, seededAt: sql`now()` })
      .onConflictDoUpdate({
        target: schema.catalogueVersion.id,
        set: { version: sql`${schema.catalogueVersion.version} + 1`, seededAt: sql`now()` },
      });
  });
}
