import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { catalogueModels } from "@/db/catalogue";
import * as schema from "@/db/schema";
import { seedCatalogue } from "@/db/seed";

describe("catalogue seed: provider model ids", () => {
  it("gives every model the id its OpenAI-compatible endpoint knows, which a legacy re-seed (a catalogue from before seeded_at) restores", async () => {
    const db = await getDb();
    const ids = async () =>
      Object.fromEntries((await db.select().from(schema.models)).map((m) => [m.modelName, m.providerModelId]));
    expect(await ids()).toEqual(Object.fromEntries(catalogueModels.map((m) => [m.modelName, m.providerModelId])));
    expect((await ids())["whisper"]).toBe("whisper-1");

    await db.update(schema.models).set({ providerModelId: "stale" }).where(eq(schema.models.modelName, "gpt-4o-mini"));
    await db.update(schema.catalogueVersion).set({ seededAt: null });
    await seedCatalogue(db);
    expect((await ids())["gpt-4o-mini"]).toBe("gpt-4o-mini");
  });
});
