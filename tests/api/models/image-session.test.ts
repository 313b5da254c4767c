import { describe, expect, it } from "vitest";
import { GET as getImageSession } from "@/app/api/models/image/session/route";
import { call, signIn } from "../../helpers/api";
import { modelIdByName } from "../../helpers/subscribe";
import { sessionsOf } from "./helpers";

describe("GET /api/models/image/session", () => {
  it("starts an image model with its action and checks the tariff", async () => {
    const { token, userId } = await signIn();
    const ok = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("dall-e-3"), action: "text_to_image" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ action: "text_to_image", model_name: "dall-e-3" });
    const defaulted = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("dall-e-3") },
    });
    expect(defaulted.body.action).toBe("text_to_image");
    const denied = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("flux-kontext"), action: "generate_image" },
    });
    expect(denied.status).toBe(403);
    const wrongAction = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("dall-e-3"), action: "generate_image" },
    });
    expect(wrongAction.status).toBe(400);
    const textModel = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("gpt-4o-mini") },
    });
    expect(textModel.status).toBe(400);
    const badAction = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: 1, action: "text" },
    });
    expect(badAction.status).toBe(400);
    expect(await sessionsOf(userId)).toHaveLength(2);
  });
});
