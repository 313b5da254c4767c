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
  it("never touches a seeded catalogue again: the console owns it, whatever db/catalogue.ts says", async () => {
    const db = await getDb();
    await db.update(tariffs).set({ description: "Edited by an operator" }).where(eq(tariffs.name, "Starter"));
    const [before] = await db.select().from(catalogueVersion);
    expect(before.seededAt).toBeInstanceOf(Date);

    await seedCatalogue(db);
    expect(await starterDescription()).toBe("Edited by an operator");
    expect((await db.select().from(catalogueVersion))[0].version).toBe(before.version);
  });

  it("upserts once more a catalogue seeded before that rule (no seeded_at), filling what was added since", async () => {
    const db = await getDb();
    const [before] = await db.select().from(catalogueVersion);
    await db.update(tariffs).set({ descriptionEn: null }).where(eq(tariffs.name, "Starter"));
    await db.update(catalogueVersion).set({ seededAt: null });
    await seedCatalogue(db);
    const [starter] = await db.select().from(tariffs).where(eq(tariffs.name, "Starter"));
    expect(starter.descriptionEn).toBe(catalogueTariffs.find((t) => t.name === "Starter")!.descriptionEn);
    const [after] = await db.select().from(catalogueVersion);
    expect(after.version).toBe(before.version + 1);
    expect(after.seededAt).toBeInstanceOf(Date);
  });
});
