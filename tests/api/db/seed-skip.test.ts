import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { catalogueVersion, tariffs } from "@/db/schema";
import { seedCatalogue } from "@/db/seed";
import { catalogueTariffs } from "@/db/catalogue";

const starterDescription = async () => {
  const db = await getDb();
  return (await db.select({ d: tariffs.description }).from(tariffs).where(eq(tariffs.name, "Starter")))[0].d;
};

describe("catalogue seed at start-up", () => {
  it("skips a catalogue the database already holds, and rewrites it once the stored hash differs", async () => {
    const db = await getDb();
    await db.update(tariffs).set({ description: "Edited by an operator" }).where(eq(tariffs.name, "Starter"));
    const [before] = await db.select().from(catalogueVersion);

    await seedCatalogue(db);
    expect(await starterDescription()).toBe("Edited by an operator");
    expect((await db.select().from(catalogueVersion))[0].version).toBe(before.version);

    await db.update(catalogueVersion).set({ seededHash: "an older catalogue" });
    await seedCatalogue(db);
    expect(await starterDescription()).toBe(catalogueTariffs.find((t) => t.name === "Starter")!.description);
    expect((await db.select().from(catalogueVersion))[0].version).toBe(before.version + 1);
  });
});
