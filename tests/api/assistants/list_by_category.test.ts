import { describe, expect, it } from "vitest";
import { GET as getListByCategory } from "@/app/api/assistants/list_by_category/route";
import { catalogueAssistants } from "@/db/catalogue";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { call, signIn } from "../../helpers/api";

describe("GET /api/assistants/list_by_category", () => {
  it("lists one category's assistants with has_user false for a new user", async () => {
    const { token } = await signIn();
    const res = await call<AssistantItem[]>(getListByCategory, "GET", "/api/assistants/list_by_category", {
      token,
      query: { type: "study" },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.name)).toEqual(
      catalogueAssistants.filter((a) => a.category === "study").map((a) => a.name),
    );
    expect(res.body[0]).toMatchObject({
      assistant_id: expect.any(Number),
      description: expect.any(String),
      image: expect.any(String),
      type: "text",
      has_user: false,
    });
  });

  it("answers 404 for an unknown category and 400 without a type", async () => {
    const { token } = await signIn();
    expect(
      (await call(getListByCategory, "GET", "/api/assistants/list_by_category", { token, query: { type: "nope" } }))
        .status,
    ).toBe(404);
    expect((await call(getListByCategory, "GET", "/api/assistants/list_by_category", { token })).status).toBe(400);
  });
});
