import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn } from "../../helpers/api";

// lib/env.ts reads process.env once: production mode is set before any app module loads.
let sendUpdate: any;
let listMessages: any;
beforeAll(async () => {
  process.env.APP_MODE = "production";
  sendUpdate = (await import("@/app/api/demo/chat/updates/route")).POST;
  listMessages = (await import("@/app/api/demo/chat/messages/route")).GET;
});

describe("the demo chat in production", () => {
  it("POST /api/demo/chat/updates answers 404 and stores nothing", async () => {
    const { token } = await signIn();
    const res = await call(sendUpdate, "POST", "/api/demo/chat/updates", { token, body: { text: "hello" } });
    expect(res.status).toBe(404);
    const { getDb } = await import("@/db");
    const { botUpdates } = await import("@/db/schema");
    expect(await (await getDb()).select().from(botUpdates)).toEqual([]);
  });

  it("GET /api/demo/chat/messages answers 404", async () => {
    const { token } = await signIn();
    expect((await call(listMessages, "GET", "/api/demo/chat/messages", { token })).status).toBe(404);
  });
});
