import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { quotas } from "@/db/schema";
import { perKind, QUOTA_KEYS, type QuotaRecord } from "@/lib/shared/quota-kinds";
import { getCurrentTariff, getRemainingQuotas } from "@/lib/server/tariffs/current-tariff";
import { listPackages } from "@/lib/server/tariffs/catalogue";
import type { Language } from "@/lib/contracts/common";

// The refill package (purpose `reset`) brings the allowance back up to the tariff's: what it would
// restore now is the allowance missing per kind; with nothing missing it is not sold
// (docs/product/billing.md "Packages").

/** Units per kind the refill package would restore for the user now (after a due refill). */
export async function whatRefillRestores({ db, userId }: { db: Db; userId: number }): Promise<QuotaRecord> {
  await getRemainingQuotas({ db, userId });
  const [{ limits }, [row]] = await Promise.all([
    getCurrentTariff({ db, userId }),
    db.select().from(quotas).where(eq(quotas.userId, userId)),
  ]);
  return perKind("apiKey", (r) => Math.max(0, limits[r.apiKey] - (row ? row[r.quotaColumn] : 0)));
}

export const restoresNothing = (restores: QuotaRecord) => QUOTA_KEYS.every((k) => restores[k] === 0);

/** GET /api/package/: the store, the refill package with what it would restore for the caller. */
export async function packageStore({ db, userId, language }: { db: Db; userId: number; language: Language }) {
  const list = await listPackages({ db, language });
  const restores = list.some((p) => p.package_purpose === "reset") ? await whatRefillRestores({ db, userId }) : null;
  return list.map((p) => ({ ...p, restores: p.package_purpose === "reset" ? restores : null }));
}
