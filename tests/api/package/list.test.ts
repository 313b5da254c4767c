import { describe, expect, it } from "vitest";
import { GET as packagesList } from "@/app/api/package/route";
import { cataloguePackages } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";

describe("GET /api/package/", () => {
  it("answers the packages with prices in roubles", async () => {
    const { token } = await signIn();
    const res = await call(packagesList, "GET", "/api/package/", { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(cataloguePackages.length);
    expect(res.body[0]).toEqual({
      package_id: expect.any(Number),
      name: cataloguePackages[0].name,
      image: cataloguePackages[0].image,
      price: cataloguePackages[0].priceRub,
      small_description_language_id: cataloguePackages[0].smallDescriptionLanguageId,
      description_language_id: cataloguePackages[0].descriptionLanguageId,
      description_models_id: cataloguePackages[0].descriptionModelsId,
      package_purpose: "reset",
      quota_amount: 0,
    });
  });
});
