import { describe, expect, it } from "vitest";
import { GET as getImageAssistants } from "@/app/api/assistants/generating_image/route";
import { catalogueAssistants } from "@/db/catalogue";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { call, signIn } from "../../helpers/api";

describe("GET /api/assistants/generating_image", () => {
  it("lists only image assistants with their tab", async () => {
    const { token } = await signIn();
    const res = await call<AssistantItem[]>(getImageAssistants, "GET", "/api/assistants/generating_image", { token });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(catalogueAssistants.filter((a) => a.type === "generating_image").length);
    expect(res.body.every((a) => a.type === "generating_image" && ["editfoto", "genfoto"].includes(a.image_tab!))).toBe(
      true,
    );
  });
});
