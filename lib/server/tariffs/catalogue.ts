import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { models, packages, tariffModels, tariffRates, tariffs, type Tariff } from "@/db/schema";
import type { PackageItem } from "@/lib/contracts/package";
import type { CreateDataResponse, StandardTariffsResponse, TariffModel } from "@/lib/contracts/tariff";
import {
  customBounds,
  type CustomBounds,
  type CustomValues,
  type TariffRates,
} from "@/lib/shared/pricing/custom-tariff";
import { perKind } from "@/lib/shared/quota-kinds";
import { toRoubles } from "@/lib/shared/money";
import { textIn } from "@/lib/shared/catalogue-text";
import type { Language } from "@/lib/contracts/common";
import { CUSTOM_TARIFF } from "@/lib/shared/tariff-names";
import { ApiError } from "@/lib/server/http/api-error";
import { jsonText, type JsonText } from "@/lib/server/http/json-text";
import { cachedCatalogue } from "@/lib/server/catalogue/cache";
import { tariffsById } from "./current-tariff";

const NEURO_BASIC = "Neuro Basic";

/** A tariff's balances as the custom builder names its kinds. */
export const tariffCustomValues = (t: Tariff): CustomValues => perKind("custom", (r) => t[r.tariffColumn]);

/** Each tariff's enabled models (a disabled one is offered nowhere), names in the reader's language. */
async function modelsByTariff({
  db,
  tariffIds,
  language,
}: {
  db: Db;
  tariffIds: number[];
  language: Language;
}): Promise<Map<number, TariffModel[]>> {
  const rows = tariffIds.length
    ? await db
        .select({
          tariffId: tariffModels.tariffId,
          id: models.id,
          name: models.displayName,
          nameEn: models.displayNameEn,
          provider: models.provider,
          image: models.image,
          type: models.type,
        })
        .from(tariffModels)
        .innerJoin(models, eq(models.id, tariffModels.modelId))
        .where(and(inArray(tariffModels.tariffId, tariffIds), eq(models.enabled, true)))
        .orderBy(asc(models.sortOrder))
    : [];
  const byTariff = new Map<number, TariffModel[]>();
  for (const { tariffId, name, nameEn, ...model } of rows) {
    const list = byTariff.get(tariffId) ?? [];
    list.push({ ...model, name: textIn(language, name, nameEn) });
    byTariff.set(tariffId, list);
  }
  return byTariff;
}

/**
 * GET /api/tariff/standard: every tariff keyed by name, in catalogue order, texts in the reader's language;
 * kept as its JSON, the same for every reader of a language (json-text.ts).
 */
export const getStandardTariffs = ({
  db,
  language,
}: {
  db: Db;
  language: Language;
}): Promise<JsonText<StandardTariffsResponse>> =>
  cachedCatalogue(db, `standard-tariffs:${language}`, async () => jsonText(await loadStandardTariffs(db, language)));

async function loadStandardTariffs(db: Db, language: Language): Promise<StandardTariffsResponse> {
  const rows = await db.select().from(tariffs).orderBy(asc(tariffs.sortOrder));
  const byTariff = await modelsByTariff({ db, tariffIds: rows.map((t) => t.id), language });
  return Object.fromEntries(
    rows.map((t) => [
      t.name,
      {
        id: t.id,
        description: textIn(language, t.description, t.descriptionEn),
        amount: toRoubles(t.amountKopecks),
        ...perKind("tariffField", (r) => t[r.tariffColumn]),
        models: byTariff.get(t.id) ?? [],
      },
    ]),
  );
}

export async function getTariffByNameOrThrow({ db, name }: { db: Db; name: string }): Promise<Tariff> {
  const row = [...(await tariffsById(db)).values()].find((t) => t.name === name);
  if (!row) throw new ApiError("not_found", `Unknown tariff "${name}"`);
  return row;
}

export const getRates = ({ db }: { db: Db }): Promise<TariffRates> => cachedCatalogue(db, "rates", () => loadRates(db));

async function loadRates(db: Db): Promise<TariffRates> {
  const [r] = await db.select().from(tariffRates).where(eq(tariffRates.id, 1));
  if (!r) throw new ApiError("internal", "Tariff rates are missing from the catalogue");
  return { ...perKind("rate", (kind) => r[kind.rateColumn]), usd_rate: r.usdRate };
}

/**
 * Each Custom tariff dial's bounds as the catalogue sets them now: what POST /api/tariff/create_custom
 * takes, GET /api/tariff/create_data hands the builder and GET /api/openapi.json documents.
 */
export async function getCustomBounds({ db }: { db: Db }): Promise<CustomBounds> {
  const [neuroBasic, custom] = await Promise.all([
    getTariffByNameOrThrow({ db, name: NEURO_BASIC }),
    getTariffByNameOrThrow({ db, name: CUSTOM_TARIFF }),
  ]);
  return customBounds({ neuroBasic: tariffCustomValues(neuroBasic), custom: tariffCustomValues(custom) });
}

/** Everything the custom builder needs: rates, each slider's bounds and the models one may choose. */
export async function getCreateData({ db, language }: { db: Db; language: Language }): Promise<CreateDataResponse> {
  const [custom, limits, rates] = await Promise.all([
    getTariffByNameOrThrow({ db, name: CUSTOM_TARIFF }),
    getCustomBounds({ db }),
    getRates({ db }),
  ]);
  const byTariff = await modelsByTariff({ db, tariffIds: [custom.id], language });
  return { rates, limits, models: byTariff.get(custom.id) ?? [] };
}

/** GET /api/package/: the package store, in catalogue order, texts in the reader's language (catalogue data: cached). */
export const listPackages = ({
  db,
  language,
}: {
  db: Db;
  language: Language;
}): Promise<Omit<PackageItem, "restores">[]> =>
  cachedCatalogue(db, `packages:${language}`, () => loadPackages(db, language));

async function loadPackages(db: Db, language: Language): Promise<Omit<PackageItem, "restores">[]> {
  const rows = await db.select().from(packages).orderBy(asc(packages.sortOrder));
  return rows.map((p) => ({
    package_id: p.id,
    name: textIn(language, p.name, p.nameEn),
    description: textIn(language, p.description, p.descriptionEn),
    image: p.image,
    price: toRoubles(p.priceKopecks),
    small_description_language_id: p.smallDescriptionLanguageId,
    description_language_id: p.descriptionLanguageId,
    description_models_id: p.descriptionModelsId,
    package_purpose: p.packagePurpose,
    quota_amount: p.quotaAmount,
  }));
}
