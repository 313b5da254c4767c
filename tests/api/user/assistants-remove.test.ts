import { describe, expect, it } from "vitest";
import { DELETE as removeFavorite, GET as getFavorites, POST as addFavorite } from "@/app/api/user/assistants/route";
import { call, signIn } from "../../helpers/api";
import { assistantId, favoriteRows } from "../../helpers/assistants";

describe("DELETE /api/user/assistants", () => {
  it("removes only the caller's favourite and leaves another user's untouched", async () => {
    const alice = await signIn();
    const bob = await signIn();
    const tutor = await assistantId("tutor");
    for (const u of [alice, bob]) {
      await call(addFavorite, "POST", "/api/user/assistants", {
        token: u.token,
        body: { assistant_id: { assistant_id: tutor }, assistant_type: "study" },
      });
    }
    const res = await call(removeFavorite, "DELETE", "/api/user/assistants", {
      token: alice.token,
      body: { assistant_id: { assistant_id: tutor }, assistant_type: "study" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, assistant_id: tutor, has_user: false });
    expect(await favoriteRows(alice.userId)).toHaveLength(0);
    expect(await favoriteRows(bob.userId)).toHaveLength(1);
    const bobList = await call(getFavorites, "GET", "/api/user/assistants", { token: bob.token });
    expect(bobList.body.map((a: { id: number }) => a.id)).toEqual([tutor]);
    // Removing again is harmless.
    const again = await call(removeFavorite, "DELETE", "/api/user/assistants", {
      token: alice.token,
      body: { assistant_id: tutor },
    });
    expect(again.status).toBe(200);
    expect(
      (await call(removeFavorite, "DELETE", "/api/user/assistants", { token: alice.token, body: {} })).status,
    ).toBe(400);
  });
});
