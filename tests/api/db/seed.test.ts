import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import * as schema from "@/db/schema";
import { seedCatalogue } from "@/db/seed";
import { catalogueModels, cataloguePackages, catalogueTariffs } from "@/db/catalogue";

const tables = {
  models: schema.models,
  modelActions: schema.modelActions,
  categories: schema.assistantCategories,
  assistants: schema.assistants,
  tariffs: schema.tariffs,
  tariffModels: schema.tariffModels,
  packages: schema.packages,
  videoCapabilities: schema.videoCapabilities,
};

async function counts() {
  const db = await getDb();
  const entries = await Promise.all(
    Object.entries(tables).map(
      async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0].n] as const,
    ),
  );
  return Object.fromEntries(entries);
}

describe("catalogue seed", () => {
  it("seeds every kind of catalogue row at start-up", async () => {
    const c = await counts();
    expect(c.models).toBe(catalogueModels.length);
    expect(c.tariffs).toBe(catalogueTariffs.length);
    expect(c.packages).toBe(cataloguePackages.length);
    expect(c.videoCapabilities).toBe(3);
    expect(c.assistants).toBeGreaterThan(0);
    const db = await getDb();
    const purposes = new Set((await db.select().from(schema.packages)).map((p) => p.packagePurpose));
    expect([...purposes].sort()).toEqual([
      "audio_tokens",
      "file_tokens",
      "image_tokens",
      "reset",
      "text_tokens",
      "video_tokens",
    ]);
    const types = new Set((await db.select().from(schema.assistants)).map((a) => a.type));
    expect(types.has("generating_image")).toBe(true);
  });

  it("is idempotent: running it again changes no counts", async () => {
    const before = await counts();
    await seedCatalogue(await getDb());
    await seedCatalogue(await getDb());
    expect(await counts()).toEqual(before);
  });
});
