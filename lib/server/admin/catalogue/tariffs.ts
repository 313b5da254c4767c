import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { models, tariffModels, tariffs } from "@/db/schema";
import type { AdminTariff, AdminTariffPatch } from "@/lib/contracts/admin-catalogue";
import { toKopecks, toRoubles } from "@/lib/shared/money";
import type { Operator } from "@/lib/server/admin/audit";
import { ApiError } from "@/lib/server/http/api-error";
import { catalogueChange } from "./change";

async function readTariffs(db: Db, name?: string): Promise<AdminTariff[]> {
  const rows = await db
    .select()
    .from(tariffs)
    .where(name === undefined ? undefined : eq(tariffs.name, name))
    .orderBy(asc(tariffs.sortOrder));
  const links = rows.length
    ? await db
        .select()
        .from(tariffModels)
        .where(
          inArray(
            tariffModels.tariffId,
            rows.map((t) => t.id),
          ),
        )
        .orderBy(asc(tariffModels.modelId))
    : [];
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    description_en: t.descriptionEn,
    price_rub: toRoubles(t.amountKopecks),
    token_balance: t.tokenBalance,
    image_balance: t.imageBalance,
    minutes_balance: t.minutesBalance,
    file_balance: t.fileBalance,
    video_balance: t.videoBalance,
    model_ids: links.filter((l) => l.tariffId === t.id).map((l) => l.modelId),
  }));
}

/** GET /api/admin/tariffs: every tariff with its price, balances and model ids. */
export const listAdminTariffs = ({ db }: { db: Db }) => readTariffs(db);

/**
 * PATCH /api/admin/tariffs/{name}. A new price is charged by payments created after the commit; a
 * payment already created keeps the amount stored on it, and a running subscription keeps its own
 * limits until its next period (docs/product/console.md "Catalogue").
 */
export function updateAdminTariff({
  db,
  operator,
  name,
  patch,
}: {
  db: Db;
  operator: Operator;
  name: string;
  patch: AdminTariffPatch;
}): Promise<AdminTariff> {
  return catalogueChange({ db, operator }, async (tx) => {
    const [before] = await readTariffs(tx, name);
    if (!before) throw new ApiError("not_found", `Unknown tariff "${name}"`);
    const set = {
      description: patch.description,
      descriptionEn: patch.description_en,
      amountKopecks: patch.price_rub === undefined ? undefined : toKopecks(patch.price_rub),
      tokenBalance: patch.token_balance,
      imageBalance: patch.image_balance,
      minutesBalance: patch.minutes_balance,
      fileBalance: patch.file_balance,
      videoBalance: patch.video_balance,
    };
    if (Object.values(set).some((v) => v !== undefined))
      await tx.update(tariffs).set(set).where(eq(tariffs.id, before.id));
    if (patch.model_ids) {
      const wanted = [...new Set(patch.model_ids)];
      const known = wanted.length
        ? await tx.select({ id: models.id }).from(models).where(inArray(models.id, wanted))
        : [];
      if (known.length !== wanted.length)
        throw new ApiError("bad_request", "Unknown model id", {
          model_ids: ["Every id must be a model of the catalogue"],
        });
      await tx.delete(tariffModels).where(eq(tariffModels.tariffId, before.id));
      if (wanted.length)
        await tx.insert(tariffModels).values(wanted.map((modelId) => ({ tariffId: before.id, modelId })));
    }
    const [after] = await readTariffs(tx, name);
    return { result: after, audit: { action: "tariff.update", target: `tariff:${name}`, before, after } };
  });
}
