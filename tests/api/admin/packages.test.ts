import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listPackages, POST as createPackage } from "@/app/api/admin/packages/route";
import { PATCH as patchPackage } from "@/app/api/admin/packages/[id]/route";
import { GET as store } from "@/app/api/package/route";
import { getDb } from "@/db";
import { adminAudit, packages, users } from "@/db/schema";
import { cataloguePackages } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-guards";

const auditRows = async () => (await (await getDb()).select({ n: count() }).from(adminAudit))[0].n;
const packageCount = async () => (await (await getDb()).select({ n: count() }).from(packages))[0].n;
const patch = (token: string, id: number, body: unknown) =>
  call(patchPackage, "PATCH", `/api/admin/packages/${id}`, { token, params: { id: String(id) }, body });
const newPackage = {
  name: "20 видео",
  name_en: "20 videos",
  description: "Для клипов",
  description_en: "For clips",
  price_rub: 99,
  package_purpose: "video_tokens",
  quota_amount: 20,
};

describe("GET /api/admin/packages", () => {
  it("lists the store's packages with both languages' texts", async () => {
    await expectOperatorOnly(listPackages, "GET", "/api/admin/packages");
    const res = await call(listPackages, "GET", "/api/admin/packages", { token: await operatorToken() });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      name: cataloguePackages[0].name,
      name_en: cataloguePackages[0].nameEn,
      price_rub: cataloguePackages[0].priceRub,
      package_purpose: "reset",
    });
  });
});

describe("POST /api/admin/packages", () => {
  it("adds a package the store offers at once, in the reader's language, audited", async () => {
    await expectOperatorOnly(createPackage, "POST", "/api/admin/packages", { body: newPackage });
    const rows = await auditRows();
    const res = await call(createPackage, "POST", "/api/admin/packages", {
      token: await operatorToken(),
      body: newPackage,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...newPackage, id: expect.any(Number) });
    expect(await auditRows()).toBe(rows + 1);
    const { token, userId } = await signIn();
    await (await getDb()).update(users).set({ language: "en" }).where(eq(users.id, userId));
    const offered = (await call(store, "GET", "/api/package/", { token })).body.at(-1);
    expect(offered).toMatchObject({
      package_id: res.body.id,
      name: "20 videos",
      description: "For clips",
      price: 99,
      quota_amount: 20,
    });
  });

  it("refuses bad input with 400 and adds nothing", async () => {
    const token = await operatorToken();
    const [rows, n] = [await auditRows(), await packageCount()];
    for (const body of [
      { ...newPackage, name: "" },
      { ...newPackage, price_rub: 0 },
      { ...newPackage, package_purpose: "gold" },
      { ...newPackage, quota_amount: 0 },
      { ...newPackage, extra: 1 },
    ]) {
      expect(
        (await call(createPackage, "POST", "/api/admin/packages", { token, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect([await auditRows(), await packageCount()]).toEqual([rows, n]);
  });
});

describe("PATCH /api/admin/packages/{id}", () => {
  it("changes price and texts, audited; bad input is 400 and an unknown package 404, with nothing changed", async () => {
    const [first] = await (await getDb()).select().from(packages).orderBy(packages.sortOrder).limit(1);
    await expectOperatorOnly(patchPackage, "PATCH", `/api/admin/packages/${first.id}`, {
      params: { id: String(first.id) },
      body: { price_rub: 1 },
    });
    const token = await operatorToken();
    const rows = await auditRows();
    const res = await patch(token, first.id, { price_rub: 249, name_en: "Reset" });
    expect(res.body).toMatchObject({ price_rub: 249, name_en: "Reset" });
    expect(await auditRows()).toBe(rows + 1);
    for (const body of [{ price_rub: "free" }, { name: "" }, { package_purpose: "text_tokens" }])
      expect((await patch(token, first.id, body)).status).toBe(400);
    expect((await patch(token, 999_999, { price_rub: 1 })).status).toBe(404);
    expect(await auditRows()).toBe(rows + 1);
    const [row] = await (await getDb()).select().from(packages).where(eq(packages.id, first.id));
    expect(row.priceKopecks).toBe(24_900);
  });
});
