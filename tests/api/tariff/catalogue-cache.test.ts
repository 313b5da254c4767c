import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { GET as standard } from "@/app/api/tariff/standard/route";
import { getDb } from "@/db";
import { catalogueVersion, tariffs } from "@/db/schema";
import { RECHECK_MS } from "@/lib/server/catalogue/cache";
import { nowMs, setClockForTests } from "@/lib/server/clock";
import { call, signIn } from "../../helpers/api";

const describeTariff = async (description: string) => {
  const db = await getDb();
  await db.update(tariffs).set({ description }).where(eq(tariffs.name, "Starter"));
};

describe("GET /api/tariff/standard from the cached catalogue", () => {
  afterEach(() => setClockForTests());

  it("keeps answering its copy until catalogue_version moves, then reloads within the recheck interval", async () => {
    const { token } = await signIn();
    const start = nowMs();
    setClockForTests(() => start);
    const before = (await call(standard, "GET", "/api/tariff/standard", { token })).body.Starter.description;

    await describeTariff("Edited by hand");
    expect((await call(standard, "GET", "/api/tariff/standard", { token })).body.Starter.description).toBe(before);

    const db = await getDb();
    await db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
    expect((await call(standard, "GET", "/api/tariff/standard", { token })).body.Starter.description).toBe(before);
    setClockForTests(() => start + RECHECK_MS);
    expect((await call(standard, "GET", "/api/tariff/standard", { token })).body.Starter.description).toBe(
      "Edited by hand",
    );
  });
});
