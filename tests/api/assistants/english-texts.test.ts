import { describe, expect, it } from "vitest";
import { GET as getCategories } from "@/app/api/assistants/categories/route";
import { GET as getAssistantSession } from "@/app/api/assistants/id/route";
import { GET as getImageAssistants } from "@/app/api/assistants/generating_image/route";
import { GET as getListByCategory } from "@/app/api/assistants/list_by_category/route";
import { catalogueAssistants } from "@/db/catalogue";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { call, signIn } from "../../helpers/api";
import { modelIdByName } from "../../helpers/subscribe";

const tutor = catalogueAssistants.find((a) => a.seedKey === "tutor")!;

describe("catalogue texts in the caller's language", () => {
  it("GET /api/assistants/categories and list_by_category - answer English names to an English user", async () => {
    const { token } = await signIn({ language_code: "en" });
    const categories = await call(getCategories, "GET", "/api/assistants/categories", { token });
    expect(categories.body.map((c: { name: string }) => c.name)).toContain("Study");
    const list = await call<AssistantItem[]>(getListByCategory, "GET", "/api/assistants/list_by_category", {
      token,
      query: { type: "study" },
    });
    expect(list.body.find((a) => a.name === tutor.nameEn)).toMatchObject({ description: tutor.descriptionEn });
    const images = await call<AssistantItem[]>(getImageAssistants, "GET", "/api/assistants/generating_image", {
      token,
    });
    expect(images.body.map((a) => a.name)).toContain("Logo");
  });

  it("GET /api/assistants/list_by_category - answers Russian names to a Russian user", async () => {
    const { token } = await signIn({ language_code: "ru" });
    const list = await call<AssistantItem[]>(getListByCategory, "GET", "/api/assistants/list_by_category", {
      token,
      query: { type: "study" },
    });
    expect(list.body.find((a) => a.name === tutor.name)).toMatchObject({ description: tutor.description });
  });

  it("GET /api/assistants/id - names the session in the caller's language", async () => {
    const { token } = await signIn({ language_code: "en" });
    const list = await call<AssistantItem[]>(getListByCategory, "GET", "/api/assistants/list_by_category", {
      token,
      query: { type: "study" },
    });
    const id = list.body.find((a) => a.name === tutor.nameEn)!.assistant_id;
    const res = await call(getAssistantSession, "GET", "/api/assistants/id", {
      token,
      query: { assistant_id: id, model_id: await modelIdByName("gpt-4o-mini") },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(tutor.nameEn);
  });
});
