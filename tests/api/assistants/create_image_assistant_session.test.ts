import { describe, expect, it } from "vitest";
import { GET as getImageSession } from "@/app/api/assistants/create_image_assistant_session/route";
import { call, signIn } from "../../helpers/api";
import { modelIdByName, subscribe } from "../../helpers/subscribe";
import { assistantId } from "../../helpers/assistants";

describe("GET /api/assistants/create_image_assistant_session", () => {
  it("maps action_type text to text_to_image and photo to generate_image, checking model and tariff", async () => {
    const { token, userId } = await signIn();
    const logo = await assistantId("logo");
    const path = "/api/assistants/create_image_assistant_session";
    const q = (model_id: number | string, action_type: string, assistant_id: number | string = logo) => ({
      token,
      query: { assistant_id, model_id, action_type },
    });
    const text = await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "text"));
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ action: "text_to_image", assistant_id: logo });
    // photo needs a generate_image model: dall-e-3 cannot, flux-kontext is not in Free.
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "photo"))).status).toBe(400);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("flux-kontext"), "photo"))).status).toBe(
      403,
    );
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "video"))).status).toBe(400);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("gpt-4o-mini"), "text"))).status).toBe(400);
    expect(
      (await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "text", await assistantId("tutor"))))
        .status,
    ).toBe(400);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "text", 999_999))).status).toBe(
      404,
    );

    await subscribe({ userId, tariff: "Starter" });
    const photo = await call(getImageSession, "GET", path, q(await modelIdByName("flux-kontext"), "photo"));
    expect(photo.status).toBe(200);
    expect(photo.body.action).toBe("generate_image");
  });
});
