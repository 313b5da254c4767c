import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as store } from "@/app/api/package/route";
import { POST as createPackage } from "@/app/api/package/payment/route";
import { getDb } from "@/db";
import { packages, payments } from "@/db/schema";
import { spendQuota } from "@/lib/server/quotas/spend";
import { call, signIn } from "../../helpers/api";
import { confirmSandbox, getUsage } from "../../helpers/billing";
import { buyStarter } from "../../helpers/payments";

// The refill package ("Обновление лимитов", purpose reset) restores the allowance to the tariff's:
// refused when it would restore nothing, and it says what it restores otherwise.

async function resetPackage() {
  const [pkg] = await (await getDb()).select().from(packages).where(eq(packages.packagePurpose, "reset"));
  return pkg;
}

describe("the refill package", () => {
  it("is refused with 409 and a message when every balance is full, creating no payment", async () => {
    const { token, userId } = await signIn();
    const pkg = await resetPackage();
    const listed = (await call(store, "GET", "/api/package/", { token })).body.find(
      (p: { package_id: number }) => p.package_id === pkg.id,
    );
    expect(listed.restores).toEqual({
      text_tokens: 0,
      image_tokens: 0,
      audio_tokens: 0,
      file_tokens: 0,
      video_tokens: 0,
    });
    const res = await call(createPackage, "POST", "/api/package/payment", { token, body: { package_id: pkg.id } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/nothing to restore/i);
    expect(await (await getDb()).select().from(payments).where(eq(payments.userId, userId))).toEqual([]);
  });

  it("says what it restores, restores exactly that, and the purchase has its Spending line", async () => {
    const { token, userId } = await signIn();
    const db = await getDb();
    await spendQuota({ db, userId, kind: "image_tokens", amount: 12 });
    const pkg = await resetPackage();
    const listed = (await call(store, "GET", "/api/package/", { token })).body.find(
      (p: { package_id: number }) => p.package_id === pkg.id,
    );
    expect(listed.restores).toMatchObject({ image_tokens: 12, text_tokens: 0 });
    const other = (await call(store, "GET", "/api/package/", { token })).body.find(
      (p: { package_purpose: string }) => p.package_purpose !== "reset",
    );
    expect(other.restores).toBeNull();
    const res = await call(createPackage, "POST", "/api/package/payment", { token, body: { package_id: pkg.id } });
    expect(res.status).toBe(200);
    await confirmSandbox(res.body.payment_url);
    const [line] = (await getUsage(token)).data;
    expect(line).toMatchObject({ reason: "reset", kind: "image_tokens", units: 12 });
  });

  it("an extension of the running tariff, which changes no balance, still has its Spending line", async () => {
    const { token } = await signIn();
    await confirmSandbox((await buyStarter(token)).body.payment_url);
    await confirmSandbox((await buyStarter(token)).body.payment_url);
    const rows = (await getUsage(token, { page_size: 100 })).data.filter((r) => r.reason === "tariff");
    // The first purchase's grant rows and one line of the extension.
    expect(rows.filter((r) => r.units === 0)).toHaveLength(1);
  });
});
