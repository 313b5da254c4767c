import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as packagesList } from "@/app/api/package/route";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { cataloguePackages } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";

describe("GET /api/package/", () => {
  it("answers the packages with prices in roubles, texts in the interface language", async () => {
    const { token, userId } = await signIn();
    const res = await call(packagesList, "GET", "/api/package/", { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(cataloguePackages.length);
    expect(res.body[0]).toEqual({
      package_id: expect.any(Number),
      name: cataloguePackages[0].name,
      description: cataloguePackages[0].description,
      image: cataloguePackages[0].image,
      price: cataloguePackages[0].priceRub,
      small_description_language_id: cataloguePackages[0].smallDescriptionLanguageId,
      description_language_id: cataloguePackages[0].descriptionLanguageId,
      description_models_id: cataloguePackages[0].descriptionModelsId,
      package_purpose: "reset",
      quota_amount: 0,
      // A new user's balances are full: the refill would restore nothing.
      restores: { text_tokens: 0, image_tokens: 0, audio_tokens: 0, file_tokens: 0, video_tokens: 0 },
    });

    await (await getDb()).update(users).set({ language: "en" }).where(eq(users.id, userId));
    const english = await call(packagesList, "GET", "/api/package/", { token });
    expect(english.body[0]).toMatchObject({
      name: cataloguePackages[0].nameEn,
      description: cataloguePackages[0].descriptionEn,
    });
  });
});
