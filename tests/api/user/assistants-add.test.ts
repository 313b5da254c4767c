import { describe, expect, it } from "vitest";
import { GET as getListByCategory } from "@/app/api/assistants/list_by_category/route";
import { GET as getFavorites, POST as addFavorite } from "@/app/api/user/assistants/route";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { call, signIn } from "../../helpers/api";
import { assistantId, favoriteRows } from "../../helpers/assistants";

describe("POST /api/user/assistants", () => {
  it("adds a favourite once, in the nested and the flat form, and lists it with id", async () => {
    const { token, userId } = await signIn();
    const tutor = await assistantId("tutor");
    const nested = await call(addFavorite, "POST", "/api/user/assistants", {
      token,
      body: { assistant_id: { assistant_id: tutor }, assistant_type: "study" },
    });
    expect(nested.status).toBe(200);
    expect(nested.body).toEqual({ success: true, assistant_id: tutor, has_user: true });
    const flat = await call(addFavorite, "POST", "/api/user/assistants", {
      token,
      body: { assistant_id: tutor, assistant_type: "study" },
    });
    expect(flat.status).toBe(200);
    expect(await favoriteRows(userId)).toHaveLength(1);

    const list = await call(getFavorites, "GET", "/api/user/assistants", { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: tutor, name: "Репетитор", has_user: true, type: "text", ai_chat_type: "study" }),
    ]);
    const category = await call<AssistantItem[]>(getListByCategory, "GET", "/api/assistants/list_by_category", {
      token,
      query: { type: "study" },
    });
    expect(category.body.find((a) => a.assistant_id === tutor)!.has_user).toBe(true);
  });

  it("answers 404 for an unknown assistant and 400 for a malformed body, changing nothing", async () => {
    const { token, userId } = await signIn();
    expect(
      (await call(addFavorite, "POST", "/api/user/assistants", { token, body: { assistant_id: 987_654 } })).status,
    ).toBe(404);
    expect(
      (await call(addFavorite, "POST", "/api/user/assistants", { token, body: { assistant_id: "x" } })).status,
    ).toBe(400);
    expect(
      (await call(addFavorite, "POST", "/api/user/assistants", { token, body: { assistant_id: { id: 1 } } })).status,
    ).toBe(400);
    expect(
      (
        await call(addFavorite, "POST", "/api/user/assistants", {
          token,
          rawBody: "{oops",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
    expect(await favoriteRows(userId)).toHaveLength(0);
  });
});
