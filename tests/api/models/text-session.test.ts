import { describe, expect, it } from "vitest";
import { GET as getTextSession } from "@/app/api/models/text/session/route";
import { call, signIn } from "../../helpers/api";
import { modelIdByName } from "../../helpers/subscribe";
import { sessionsOf } from "./helpers";

describe("GET /api/models/text/session", () => {
  it("starts a text model and refuses a model without the text action", async () => {
    const { token, userId } = await signIn();
    const ok = await call(getTextSession, "GET", "/api/models/text/session", {
      token,
      query: { model_id: await modelIdByName("gemini-flash") },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.action).toBe("text");
    const wrong = await call(getTextSession, "GET", "/api/models/text/session", {
      token,
      query: { model_id: await modelIdByName("dall-e-3") },
    });
    expect(wrong.status).toBe(400);
    const denied = await call(getTextSession, "GET", "/api/models/text/session", {
      token,
      query: { model_id: await modelIdByName("gpt-4o") },
    });
    expect(denied.status).toBe(403);
    const malformed = await call(getTextSession, "GET", "/api/models/text/session", {
      token,
      query: { model_id: "x1" },
    });
    expect(malformed.status).toBe(400);
    const missing = await call(getTextSession, "GET", "/api/models/text/session", { token });
    expect(missing.status).toBe(400);
    const unknown = await call(getTextSession, "GET", "/api/models/text/session", {
      token,
      query: { model_id: 424242 },
    });
    expect(unknown.status).toBe(404);
    expect(await sessionsOf(userId)).toHaveLength(1);
  });
});
