import "server-only";
import type { Db } from "@/db";
import { audited, type AuditEntry, type Operator } from "@/lib/server/admin/audit";
import { bumpCatalogueVersion, recheckAtNextRead } from "@/lib/server/catalogue/cache";

/**
 * A console change of the catalogue: the change, its audit row and the catalogue version move in
 * one transaction, so every instance reloads within seconds of the commit (this one at its next
 * read) and a refused change (an ApiError thrown inside) leaves nothing behind.
 */
export async function catalogueChange<T>(
  { db, operator }: { db: Db; operator: Operator },
  change: (tx: Db) => Promise<{ result: T; audit: AuditEntry | null }>,
): Promise<T> {
  const result = await audited({ db, operator }, async (tx) => {
    const done = await change(tx);
    // Nothing changed (audit null): the instances have nothing to reload.
    if (done.audit) await bumpCatalogueVersion(tx);
    return done;
  });
  recheckAtNextRead(db);
  return result;
}
