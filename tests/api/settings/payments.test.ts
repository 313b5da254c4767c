import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as paymentsList } from "@/app/api/settings/payments/route";
import { POST as createPackage } from "@/app/api/package/payment/route";
import { GET as notifications } from "@/app/api/user/notifications/route";
import { getDb } from "@/db";
import { packages, users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";

describe("POST /api/settings/payments", () => {
  it("answers an empty list for a new user", async () => {
    const { token } = await signIn();
    const res = await call(paymentsList, "POST", "/api/settings/payments", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("names a bought package in the interface language, in the list and the bell", async () => {
    const { token, userId } = await signIn();
    const db = await getDb();
    const [pkg] = await db.select().from(packages).where(eq(packages.seedKey, "image-50"));
    expect(
      (await call(createPackage, "POST", "/api/package/payment", { token, body: { package_id: pkg.id } })).status,
    ).toBe(200);
    expect((await call(paymentsList, "POST", "/api/settings/payments", { token })).body[0].package_info).toEqual({
      name: pkg.name,
    });
    await db.update(users).set({ language: "en" }).where(eq(users.id, userId));
    expect((await call(paymentsList, "POST", "/api/settings/payments", { token })).body[0].package_info).toEqual({
      name: pkg.nameEn,
    });
    expect((await call(notifications, "GET", "/api/user/notifications", { token })).body.items[0].package_name).toBe(
      pkg.nameEn,
    );
  });
});
