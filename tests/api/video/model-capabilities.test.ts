import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/video/model-capabilities/route";
import { call, signIn } from "../../helpers/api";

describe("GET /api/video/model-capabilities", () => {
  it("lists every model family with its actions and formats", async () => {
    const { token } = await signIn();
    const res = await call(GET, "GET", "/api/video/model-capabilities", { token });
    expect(res.status).toBe(200);
    const patterns = res.body.data.map((c: { model_name_pattern: string }) => c.model_name_pattern);
    expect(patterns).toEqual(expect.arrayContaining(["veo", "gen4_turbo", "gen4_aleph"]));
    const turbo = res.body.data.find((c: { model_name_pattern: string }) => c.model_name_pattern === "gen4_turbo");
    expect(turbo).toMatchObject({
      supports_text_to_video: false,
      supports_image_to_video: true,
      supports_video_to_video: false,
    });
    expect(turbo.supported_formats[0]).toEqual({
      key: "landscape",
      name: "16:9",
      width: 1280,
      height: 720,
      aspect_ratio: "16:9",
    });
  });

  it("answers 401 without a token", async () => {
    expect((await call(GET, "GET", "/api/video/model-capabilities")).status).toBe(401);
  });
});
