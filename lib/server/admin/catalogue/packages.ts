import "server-only";
import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, type Package } from "@/db/schema";
import type { AdminPackage, AdminPackageCreate, AdminPackagePatch } from "@/lib/contracts/admin-catalogue";
import { toKopecks, toRoubles } from "@/lib/shared/money";
import type { Operator } from "@/lib/server/admin/audit";
import { ApiError } from "@/lib/server/http/api-error";
import { catalogueChange } from "./change";

const toAdminPackage = (p: Package): AdminPackage => ({
  id: p.id,
  name: p.name,
  name_en: p.nameEn,
  description: p.description,
  description_en: p.descriptionEn,
  price_rub: toRoubles(p.priceKopecks),
  package_purpose: p.packagePurpose,
  quota_amount: p.quotaAmount,
});

/** GET /api/admin/packages: every package in store order. */
export async function listAdminPackages({ db }: { db: Db }): Promise<AdminPackage[]> {
  return (await db.select().from(packages).orderBy(asc(packages.sortOrder), asc(packages.id))).map(toAdminPackage);
}

/**
 * POST /api/admin/packages: a new package at the end of the store. Its picture and the message keys
 * of its short texts follow its purpose, as the seeded ones do (db/catalogue.ts).
 */
export function createAdminPackage({
  db,
  operator,
  body,
}: {
  db: Db;
  operator: Operator;
  body: AdminPackageCreate;
}): Promise<AdminPackage> {
  if (body.package_purpose !== "reset" && !body.quota_amount)
    throw new ApiError("bad_request", "A package of units needs its amount", { quota_amount: ["Must be at least 1"] });
  return catalogueChange({ db, operator }, async (tx) => {
    const seedKey = `console-${crypto.randomUUID()}`;
    const [row] = await tx
      .insert(packages)
      .values({
        seedKey,
        name: body.name,
        nameEn: body.name_en ?? null,
        description: body.description ?? "",
        descriptionEn: body.description_en ?? null,
        image: `/images/packages/${body.package_purpose}.svg`,
        priceKopecks: toKopecks(body.price_rub),
        smallDescriptionLanguageId: `${body.package_purpose}.small`,
        descriptionLanguageId: `${body.package_purpose}.description`,
        descriptionModelsId: `${body.package_purpose}.models`,
        packagePurpose: body.package_purpose,
        quotaAmount: body.package_purpose === "reset" ? 0 : (body.quota_amount ?? 0),
        sortOrder: sql`(select coalesce(max(${packages.sortOrder}), 0) + 1 from ${packages})`,
      })
      .returning();
    const after = toAdminPackage(row);
    return { result: after, audit: { action: "package.create", target: `package:${row.id}`, before: null, after } };
  });
}

/** PATCH /api/admin/packages/{id}: a new price is charged by payments created after the commit. */
export function updateAdminPackage({
  db,
  operator,
  id,
  patch,
}: {
  db: Db;
  operator: Operator;
  id: number;
  patch: AdminPackagePatch;
}): Promise<AdminPackage> {
  return catalogueChange({ db, operator }, async (tx) => {
    const [row] = await tx.select().from(packages).where(eq(packages.id, id));
    if (!row) throw new ApiError("not_found", "Package not found");
    const before = toAdminPackage(row);
    if (row.packagePurpose !== "reset" && patch.quota_amount === 0)
      throw new ApiError("bad_request", "A package of units needs its amount", {
        quota_amount: ["Must be at least 1"],
      });
    const set = {
      name: patch.name,
      nameEn: patch.name_en,
      description: patch.description,
      descriptionEn: patch.description_en,
      priceKopecks: patch.price_rub === undefined ? undefined : toKopecks(patch.price_rub),
      quotaAmount: row.packagePurpose === "reset" ? undefined : patch.quota_amount,
    };
    const [updated] = Object.values(set).some((v) => v !== undefined)
      ? await tx.update(packages).set(set).where(eq(packages.id, id)).returning()
      : [row];
    const after = toAdminPackage(updated);
    return { result: after, audit: { action: "package.update", target: `package:${id}`, before, after } };
  });
}
