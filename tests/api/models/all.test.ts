import { describe, expect, it } from "vitest";
import { GET as getAll } from "@/app/api/models/all/route";
import { catalogueModels, catalogueTariffs } from "@/db/catalogue";
import { modelsResponseSchema, type ModelItem } from "@/lib/contracts/models";
import { defaultActionCost } from "@/lib/shared/pricing/job-price";
import type { ModelAction } from "@/lib/shared/model-actions";
import { call, signIn } from "../../helpers/api";
import { subscribe } from "../../helpers/subscribe";

const freeModels = catalogueTariffs.find((t) => t.name === "Free")!.models;
const starterModels = catalogueTariffs.find((t) => t.name === "Starter")!.models;

async function accessOf(token: string): Promise<Map<string, boolean>> {
  const res = await call<ModelItem[]>(getAll, "GET", "/api/models/all", { token });
  expect(res.status).toBe(200);
  return new Map(res.body.map((m) => [m.model_name, m.actions.every((a) => a.has_access)]));
}

describe("GET /api/models/all", () => {
  it("lists every model with the documented fields and Free access for a new user", async () => {
    const { token } = await signIn();
    const res = await call<ModelItem[]>(getAll, "GET", "/api/models/all", { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(catalogueModels.length);
    const gpt = res.body.find((m) => m.model_name === "gpt-4o-mini")!;
    expect(gpt).toMatchObject({
      model_id: expect.any(Number),
      display_name: "GPT-4o mini",
      image: expect.stringMatching(/^\/icons\/models\//),
      description: expect.any(String),
      model_type_description: "text",
      actions: [{ action: "text", has_access: true, cost: { kind: "text_tokens", units: 1000, per: "1000_tokens" } }],
    });
    expect(gpt).toHaveProperty("gif");
    const access = await accessOf(token);
    for (const m of catalogueModels) expect(access.get(m.modelName)).toBe(freeModels.includes(m.modelName));
  });

  it("marks each text model with vision: true for the ones that see images, false for the others and every non-text model", async () => {
    const { token } = await signIn();
    const res = await call<ModelItem[]>(getAll, "GET", "/api/models/all", { token });
    const vision = Object.fromEntries(res.body.map((m) => [m.model_name, m.vision]));
    expect(res.body.every((m) => typeof m.vision === "boolean")).toBe(true);
    expect(vision).toMatchObject({
      "gpt-4o-mini": true,
      "gpt-4o": true,
      "claude-sonnet": true,
      "gemini-flash": true,
      "deepseek-chat": false,
      yandexgpt: false,
    });
    const text = (m: ModelItem) => m.actions.some((a) => a.action === "text");
    expect(res.body.filter((m) => !text(m)).every((m) => m.vision === false)).toBe(true);
  });

  it("follows the caller's subscription: Starter opens its models, an expired one falls back to Free", async () => {
    const starter = await signIn();
    await subscribe({ userId: starter.userId, tariff: "Starter" });
    const access = await accessOf(starter.token);
    for (const m of catalogueModels) expect(access.get(m.modelName)).toBe(starterModels.includes(m.modelName));

    const expired = await signIn();
    await subscribe({ userId: expired.userId, tariff: "Neuro Basic", expiresInDays: -1 });
    const expiredAccess = await accessOf(expired.token);
    expect(expiredAccess.get("claude-sonnet")).toBe(false);
    expect(expiredAccess.get("gpt-4o-mini")).toBe(true);
  });

  it("uses a Custom subscription's chosen models", async () => {
    const { token, userId } = await signIn();
    await subscribe({ userId, tariff: "Custom", customModelNames: ["claude-sonnet", "midjourney"] });
    const access = await accessOf(token);
    expect(
      [...access]
        .filter(([, ok]) => ok)
        .map(([name]) => name)
        .sort(),
    ).toEqual(["claude-sonnet", "midjourney"]);
  });

  it("keeps each tariff's answer for every caller on it, and never hands one caller's own choice of models to another", async () => {
    const first = await signIn();
    await subscribe({ userId: first.userId, tariff: "Custom", customModelNames: ["gpt-4o"] });
    const chooser = await signIn();
    await subscribe({ userId: chooser.userId, tariff: "Custom", customModelNames: ["claude-sonnet", "midjourney"] });
    const free = await signIn();
    const opened = async (token: string) =>
      [...(await accessOf(token))]
        .filter(([, ok]) => ok)
        .map(([name]) => name)
        .sort();
    expect(await opened(first.token)).toEqual(["gpt-4o"]);
    expect(await opened(chooser.token)).toEqual(["claude-sonnet", "midjourney"]);
    expect(await opened(free.token)).toEqual([...freeModels].sort());
    // The same answer for a second caller on Free.
    const again = await signIn();
    const [one, two] = await Promise.all(
      [free.token, again.token].map((token) => call<ModelItem[]>(getAll, "GET", "/api/models/all", { token })),
    );
    expect(two.body).toEqual(one.body);
    expect(two.headers.get("content-type")).toBe("application/json");
    expect(modelsResponseSchema.parse(two.body)).toHaveLength(catalogueModels.length);
  });

  it("answers every action's price per job, as the catalogue seeds it (kind, units, per)", async () => {
    const { token } = await signIn();
    const models = modelsResponseSchema.parse((await call(getAll, "GET", "/api/models/all", { token })).body);
    const byName = new Map(models.map((m) => [m.model_name, m]));
    expect(byName.get("dall-e-3")!.actions[0].cost).toEqual({ kind: "image_tokens", units: 6, per: "image" });
    expect(byName.get("claude-files")!.actions[0].cost).toEqual({ kind: "file_tokens", units: 20, per: "document" });
    expect(byName.get("elevenlabs-isolate")!.actions[0].cost).toEqual({
      kind: "audio_tokens",
      units: 22,
      per: "minute",
    });
    expect(byName.get("veo-3")!.actions.map((a) => a.cost)).toEqual([
      { kind: "video_tokens", units: 25, per: "5_seconds" },
      { kind: "video_tokens", units: 25, per: "5_seconds" },
    ]);
    for (const seed of catalogueModels) {
      const listed = byName.get(seed.modelName)!;
      for (const a of listed.actions)
        expect(a.cost).toEqual(defaultActionCost(a.action as ModelAction, seed.textMultiplier));
    }
  });

  it("answers 401 without a token", async () => {
    const res = await call(getAll, "GET", "/api/models/all");
    expect(res.status).toBe(401);
  });
});
