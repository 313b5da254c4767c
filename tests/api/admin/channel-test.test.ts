import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/admin/channels/route";
import { POST as testRoute } from "@/app/api/admin/channels/[id]/test/route";
import { startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai";
import { call } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

// Testing a channel: one minimal request per model it serves, straight to its endpoint (a loopback
// fake of the OpenAI protocol here), each model's status and latency answered.

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: "sk-test-0001" });
});
afterAll(() => fake.close());

const test = (token: string, id: number | string) =>
  call(testRoute, "POST", `/api/admin/channels/${id}/test`, { token, params: { id: String(id) } });

async function channel(token: string, name: string) {
  const res = await call(createRoute, "POST", "/api/admin/channels", {
    token,
    body: {
      name,
      base_url: fake.url,
      api_key: fake.apiKey,
      priority: 0,
      enabled: true,
      models: [
        { model_name: "gpt-4o-mini", provider_model_id: "mini-at-fake" },
        { model_name: "dall-e-3", provider_model_id: "dall-e-3" },
        { model_name: "whisper", provider_model_id: "whisper-1" },
      ],
    },
  });
  expect(res.status).toBe(200);
  return res.body.id as number;
}

describe("POST /api/admin/channels/{id}/test", () => {
  it("sends a text model a one-word chat and an image model one picture, answering status and latency per model", async () => {
    const token = await operatorToken();
    const id = await channel(token, "tested");
    fake.mode = "normal";
    fake.requests.length = 0;
    const res = await test(token, id);
    expect(res.status).toBe(200);
    const byModel = Object.fromEntries(
      res.body.results.map((r: { model_name: string }) => [r.model_name, r]),
    ) as Record<string, { ok: boolean; latency_ms: number; error: string | null }>;
    expect(byModel["gpt-4o-mini"]).toMatchObject({ ok: true, error: null });
    expect(byModel["dall-e-3"]).toMatchObject({ ok: true, error: null });
    expect(byModel["whisper"].ok).toBe(false);
    expect(byModel["whisper"].error).toContain("not tested");
    expect(byModel["gpt-4o-mini"].latency_ms).toBeGreaterThanOrEqual(0);
    const chat = fake.requests.find((r) => r.path === "/v1/chat/completions");
    expect(chat?.model).toBe("mini-at-fake");
    expect(fake.requests.some((r) => r.path === "/v1/images/generations")).toBe(true);
    expect(fake.requests.some((r) => r.path.startsWith("/v1/audio"))).toBe(false);
  });

  it("answers a failing endpoint's error per model, and 404 for an unknown channel", async () => {
    const token = await operatorToken();
    const id = await channel(token, "failing");
    fake.mode = "fail500";
    const res = await test(token, id);
    fake.mode = "normal";
    expect(res.status).toBe(200);
    const text = res.body.results.find((r: { model_name: string }) => r.model_name === "gpt-4o-mini");
    expect(text.ok).toBe(false);
    expect(text.error).toMatch(/500|InternalServerError/);
    expect((await test(token, 2_000_000_000)).status).toBe(404);
    expect((await test(token, "abc")).status).toBe(400);
  });
});
