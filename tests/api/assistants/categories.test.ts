import { describe, expect, it } from "vitest";
import { GET as getCategories } from "@/app/api/assistants/categories/route";
import { catalogueCategories } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";

describe("GET /api/assistants/categories", () => {
  it("lists the categories with name, image and ai_chat_type in order", async () => {
    const { token } = await signIn();
    const res = await call(getCategories, "GET", "/api/assistants/categories", { token });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { ai_chat_type: string }) => c.ai_chat_type)).toEqual(
      catalogueCategories.map((c) => c.aiChatType),
    );
    expect(res.body[0]).toMatchObject({ name: "Учёба", image: "/icons/categories/study.svg", ai_chat_type: "study" });
  });
});
