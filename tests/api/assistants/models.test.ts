import { describe, expect, it } from "vitest";
import { GET as getAssistantModels } from "@/app/api/assistants/models/route";
import { modelsResponseSchema, type ModelItem } from "@/lib/contracts/models";
import { call, signIn } from "../../helpers/api";

describe("GET /api/assistants/models", () => {
  it("lists text and image models with the caller's access", async () => {
    const { token } = await signIn();
    const res = await call<ModelItem[]>(getAssistantModels, "GET", "/api/assistants/models", { token });
    expect(res.status).toBe(200);
    const names = res.body.map((m) => m.model_name);
    expect(names).toContain("gpt-4o-mini");
    expect(names).toContain("flux-kontext");
    expect(names).not.toContain("whisper");
    expect(res.body.find((m) => m.model_name === "claude-sonnet")!.actions[0].has_access).toBe(false);
    const models = modelsResponseSchema.parse(res.body);
    expect(models.find((m) => m.model_name === "flux-kontext")!.actions[0].cost).toEqual({
      kind: "image_tokens",
      units: 6,
      per: "image",
    });
  });
});
