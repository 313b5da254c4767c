import { describe, expect, it } from "vitest";
import { POST as seedHistory } from "@/app/api/demo/history/route";
import { GET as getThread } from "@/app/api/history/id/route";
import { POST as listHistory } from "@/app/api/history/route";
import { call, signIn } from "../../helpers/api";

describe("POST /api/demo/history (demo mode)", () => {
  it("adds sessions for the caller only, first newest, explicit messages before numbered filler", async () => {
    const me = await signIn();
    const other = await signIn();
    const res = await call(seedHistory, "POST", "/api/demo/history", {
      token: me.token,
      body: {
        sessions: [
          { name: "long", messages: [{ user_text: "hello", ai_text: "**hi**" }], generated_messages: 3 },
          { name: "older" },
        ],
      },
    });
    expect(res.status).toBe(200);
    const list = await call(listHistory, "POST", "/api/history/", { token: me.token, body: {} });
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(["hello", "older"]); // titled after the first message
    expect(list.body.data[0].last_user_message).toBe("Сообщение 3");
    const thread = await call(getThread, "GET", "/api/history/id", {
      token: me.token,
      query: { session_id: res.body.session_ids[0] },
    });
    expect(thread.body.map((m: { user_text: string }) => m.user_text)).toEqual([
      "hello",
      "Сообщение 1",
      "Сообщение 2",
      "Сообщение 3",
    ]);
    expect((await call(listHistory, "POST", "/api/history/", { token: other.token, body: {} })).body.data).toEqual([]);
    expect(
      (await call(seedHistory, "POST", "/api/demo/history", { token: me.token, body: { sessions: [] } })).status,
    ).toBe(400);
  });
});
