import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listModels } from "@/app/api/admin/models/route";
import { PATCH as patchModel } from "@/app/api/admin/models/[id]/route";
import { GET as allModels } from "@/app/api/models/all/route";
import { getDb } from "@/db";
import { adminAudit, catalogueVersion, models, users } from "@/db/schema";
import { catalogueModels } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-guards";

const modelId = async (name: string) =>
  (await (await getDb()).select({ id: models.id }).from(models).where(eq(models.modelName, name)))[0].id;
const patch = (token: string, id: number, body: unknown) =>
  call(patchModel, "PATCH", `/api/admin/models/${id}`, { token, params: { id: String(id) }, body });
const auditRows = async () => (await (await getDb()).select({ n: count() }).from(adminAudit))[0].n;
const version = async () => (await (await getDb()).select().from(catalogueVersion))[0].version;

describe("GET /api/admin/models", () => {
  it("lists every model with both languages' texts, prices and provider cost, for operators only", async () => {
    await expectOperatorOnly(listModels, "GET", "/api/admin/models");
    const res = await call(listModels, "GET", "/api/admin/models", { token: await operatorToken() });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(catalogueModels.length);
    const seed = catalogueModels.find((m) => m.modelName === "whisper")!;
    expect(res.body.find((m: { model_name: string }) => m.model_name === "whisper")).toMatchObject({
      description: seed.description,
      description_en: seed.descriptionEn,
      provider_model_id: "whisper-1",
      enabled: true,
      provider_cost_usd: seed.providerCostUsd,
      provider_cost_per: "minute",
      actions: [{ action: "speech_to_text", price_units: 22 }],
    });
  });
});

describe("PATCH /api/admin/models/{id}", () => {
  it("changes texts, price and provider cost in one audited change the mini-app sees in the reader's language", async () => {
    const id = await modelId("deepseek-chat");
    await expectOperatorOnly(patchModel, "PATCH", `/api/admin/models/${id}`, {
      params: { id: String(id) },
      body: { enabled: true },
    });
    const token = await operatorToken();
    const [rows, v] = [await auditRows(), await version()];
    const res = await patch(token, id, {
      description: "Новое описание",
      description_en: "New description",
      provider_cost_usd: 0.002,
      prices: [{ action: "text", price_units: 1500 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      description: "Новое описание",
      description_en: "New description",
      provider_cost_usd: 0.002,
      actions: [{ action: "text", price_units: 1500 }],
    });
    expect(await auditRows()).toBe(rows + 1);
    expect(await version()).toBe(v + 1);
    const [row] = await (await getDb()).select().from(adminAudit).orderBy(adminAudit.id).limit(1).offset(rows);
    expect(row).toMatchObject({ action: "model.update", target: `model:${id}` });
    expect((row.before as { description: string }).description).toBe(
      catalogueModels.find((m) => m.modelName === "deepseek-chat")!.description,
    );

    const { token: reader, userId } = await signIn();
    const seen = async () =>
      (await call(allModels, "GET", "/api/models/all", { token: reader })).body.find(
        (m: { model_id: number }) => m.model_id === id,
      );
    expect(await seen()).toMatchObject({
      description: "Новое описание",
      actions: [{ action: "text", cost: { units: 1500 } }],
    });
    await (await getDb()).update(users).set({ language: "en" }).where(eq(users.id, userId));
    expect((await seen()).description).toBe("New description");
  });

  it("a disabled model leaves the pickers at once and comes back when enabled", async () => {
    const id = await modelId("midjourney");
    const token = await operatorToken();
    const { token: reader } = await signIn();
    const listed = async () =>
      (await call(allModels, "GET", "/api/models/all", { token: reader })).body.some(
        (m: { model_id: number }) => m.model_id === id,
      );
    expect(await listed()).toBe(true);
    expect((await patch(token, id, { enabled: false })).body.enabled).toBe(false);
    expect(await listed()).toBe(false);
    await patch(token, id, { enabled: true });
    expect(await listed()).toBe(true);
  });

  it("refuses bad input with 400 and changes nothing; an unknown model is 404", async () => {
    const id = await modelId("gpt-4o");
    const token = await operatorToken();
    const [rows, v] = [await auditRows(), await version()];
    for (const body of [
      { display_name: "" },
      { provider_cost_usd: -1 },
      { enabled: "yes" },
      { prices: [{ action: "text_to_image", price_units: 5 }] },
      { prices: [{ action: "text", price_units: -5 }] },
      { context_tokens: 0 },
      { context_tokens: -100 },
      { context_tokens: 1.5 },
      { context_tokens: 3_000_000 },
      { context_tokens: "4000" },
      { unknown_field: 1 },
    ]) {
      expect((await patch(token, id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(token, 999_999, { enabled: false })).status).toBe(404);
    expect(await auditRows()).toBe(rows);
    expect(await version()).toBe(v);
    const [row] = await (await getDb()).select().from(models).where(eq(models.id, id));
    expect(row).toMatchObject({
      displayName: "GPT-4o",
      enabled: true,
      contextTokens: catalogueModels.find((m) => m.modelName === "gpt-4o")!.contextTokens,
    });
  });

  it("marks a text model as seeing images, which GET /api/models/all then says; a model of another kind is refused", async () => {
    const id = await modelId("deepseek-chat");
    const token = await operatorToken();
    const seenBy = async () => {
      const { token: user } = await signIn();
      const res = await call(allModels, "GET", "/api/models/all", { token: user });
      return res.body.find((m: { model_id: number }) => m.model_id === id).vision;
    };
    expect(await seenBy()).toBe(false);
    const rows = await auditRows();
    const set = await patch(token, id, { vision: true });
    expect(set.status).toBe(200);
    expect(set.body.vision).toBe(true);
    expect(await seenBy()).toBe(true);
    const [audit] = await (await getDb()).select().from(adminAudit).orderBy(adminAudit.id).limit(1).offset(rows);
    expect(audit).toMatchObject({ action: "model.update", before: { vision: false }, after: { vision: true } });
    await patch(token, id, { vision: false });
    expect(await seenBy()).toBe(false);

    const whisper = await modelId("whisper");
    const refused = await patch(token, whisper, { vision: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ vision: ["Only a text model is shown images"] });
    expect((await patch(token, whisper, { vision: "yes" })).status).toBe(400);
    const [row] = await (await getDb()).select().from(models).where(eq(models.id, whisper));
    expect(row.vision).toBe(false);
  });

  it("sets a model's context budget and clears it back to BOT_CONTEXT_TOKENS, audited", async () => {
    const id = await modelId("yandexgpt");
    const token = await operatorToken();
    const rows = await auditRows();
    const seeded = catalogueModels.find((m) => m.modelName === "yandexgpt")!.contextTokens;
    expect(
      (await call(listModels, "GET", "/api/admin/models", { token })).body.find((m: { id: number }) => m.id === id)
        .context_tokens,
    ).toBe(seeded);
    const set = await patch(token, id, { context_tokens: 2500 });
    expect(set.status).toBe(200);
    expect(set.body.context_tokens).toBe(2500);
    const [audit] = await (await getDb()).select().from(adminAudit).orderBy(adminAudit.id).limit(1).offset(rows);
    expect(audit).toMatchObject({
      action: "model.update",
      before: { context_tokens: seeded },
      after: { context_tokens: 2500 },
    });
    expect((await patch(token, id, { context_tokens: null })).body.context_tokens).toBeNull();
    const [row] = await (await getDb()).select().from(models).where(eq(models.id, id));
    expect(row.contextTokens).toBeNull();
    await patch(token, id, { context_tokens: seeded });
  });
});
