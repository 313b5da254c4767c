import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUT as putFallback } from "@/app/api/admin/models/[id]/fallback/route";
import { GET as listFallbacks } from "@/app/api/admin/models/fallbacks/route";
import { getDb } from "@/db";
import { adminAudit, models } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

// PUT /api/admin/models/{id}/fallback: the model that answers when all of a model's channels are down;
// GET /api/admin/models/fallbacks: every model's, for the console to choose from.

const modelId = async (name: string) =>
  (await (await getDb()).select().from(models).where(eq(models.modelName, name)))[0].id;
const fallbackOf = async (name: string) =>
  (await (await getDb()).select().from(models).where(eq(models.modelName, name)))[0].fallbackModelId;
const put = (token: string | undefined, id: number | string, body: unknown) =>
  call(putFallback, "PUT", "/api/admin/models/{id}/fallback", { token, params: { id: String(id) }, body });

describe("PUT /api/admin/models/{id}/fallback", () => {
  it("names a model of the same type, then clears it, each change audited", async () => {
    const token = await operatorToken();
    const id = await modelId("gpt-4o");
    const set = await put(token, id, { fallback_model: "gpt-4o-mini" });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ model_name: "gpt-4o", fallback_model: "gpt-4o-mini" });
    expect(await fallbackOf("gpt-4o")).toBe(await modelId("gpt-4o-mini"));
    const listed = await call(listFallbacks, "GET", "/api/admin/models/fallbacks", { token });
    expect(listed.body.items).toContainEqual({
      id,
      model_name: "gpt-4o",
      display_name: "GPT-4o",
      type: "text",
      actions: ["text"],
      fallback_model: "gpt-4o-mini",
    });
    expect(listed.body.items.map((m: { type: string }) => m.type)).not.toContain("video");
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ model_name: "gpt-4o-mini", fallback_model: null }),
    );
    expect((await put(token, id, { fallback_model: null })).body).toEqual({
      model_name: "gpt-4o",
      fallback_model: null,
    });
    expect(await fallbackOf("gpt-4o")).toBeNull();
    const audits = await (
      await getDb()
    )
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `model:${id}`));
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        "model.fallback",
        { model_name: "gpt-4o", fallback_model: null },
        { model_name: "gpt-4o", fallback_model: "gpt-4o-mini" },
      ],
      [
        "model.fallback",
        { model_name: "gpt-4o", fallback_model: "gpt-4o-mini" },
        { model_name: "gpt-4o", fallback_model: null },
      ],
    ]);
  });

  it("refuses a model lacking one of the model's actions (same type), and video models", async () => {
    const token = await operatorToken();
    expect((await put(token, await modelId("whisper"), { fallback_model: "elevenlabs-dubbing" })).status).toBe(400);
    expect((await put(token, await modelId("veo-3"), { fallback_model: "gen4_turbo" })).status).toBe(400);
    expect(await fallbackOf("whisper")).toBeNull();
  });

  it("refuses another type, itself, an unknown model or id, and bad bodies, changing nothing", async () => {
    const token = await operatorToken();
    const id = await modelId("dall-e-3");
    for (const body of [
      { fallback_model: "gpt-4o-mini" },
      { fallback_model: "dall-e-3" },
      { fallback_model: "no-such-model" },
      { fallback_model: 5 },
      {},
      { fallback_model: "flux-pro", extra: 1 },
    ]) {
      expect((await put(token, id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await put(token, 2_000_000_000, { fallback_model: "flux-pro" })).status).toBe(404);
    expect((await put(token, "x", { fallback_model: "flux-pro" })).status).toBe(400);
    expect(await fallbackOf("dall-e-3")).toBeNull();
  });

  it("is for operators only", async () => {
    const { token: miniApp } = await signIn();
    const id = await modelId("gpt-4o");
    expect((await put(undefined, id, { fallback_model: "gpt-4o-mini" })).status).toBe(401);
    expect((await put(miniApp, id, { fallback_model: "gpt-4o-mini" })).status).toBe(401);
    expect((await call(listFallbacks, "GET", "/api/admin/models/fallbacks", { token: miniApp })).status).toBe(401);
    expect(await fallbackOf("gpt-4o")).toBeNull();
  });
});
