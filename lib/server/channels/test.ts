import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { channelModels, channels, models } from "@/db/schema";
import { env } from "@/lib/env";
import { createOpenAiProvider } from "@/lib/server/ai/openai-provider";
import type { AiProvider } from "@/lib/server/ai/types";
import { ApiError } from "@/lib/server/http/api-error";

// A channel's test from the console (docs/product/channels.md "Testing a channel"): one minimal
// request per model it serves, straight to its endpoint (no other channel, no fallback, no retry),
// with what came of it and how long it took. A text model is asked for a one-word answer, an image
// model for one picture; audio and video models need a sample and are not sent anything.

type Result = { model_name: string; ok: boolean; latency_ms: number; error: string | null };

/** A model the test sends nothing (audio, video): its result says so and tells nothing of the channel. */
class NotTested extends Error {}

const TEXT_TYPES = new Set(["text", "files"]);
const IMAGE_TYPES = new Set(["image"]);

async function probe(client: AiProvider, type: string, providerModelId: string, signal: AbortSignal) {
  if (TEXT_TYPES.has(type)) {
    const stream = client.chatStream({ model: providerModelId, messages: [{ role: "user", content: "ping" }], signal });
    for await (const part of stream) if ("delta" in part) return;
    return;
  }
  if (IMAGE_TYPES.has(type)) {
    await client.generateImage({ model: providerModelId, prompt: "a small dot", signal });
    return;
  }
  throw new NotTested(`${type} models are not tested: they need a sample`);
}

const describeError = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);

async function runTests(db: Db, id: number): Promise<(Result & { tested: boolean })[]> {
  const [channel] = await db.select().from(channels).where(eq(channels.id, id));
  if (!channel) throw new ApiError("not_found", "No channel with this id");
  const served = await db
    .select({ modelName: channelModels.modelName, providerModelId: channelModels.providerModelId, type: models.type })
    .from(channelModels)
    .innerJoin(models, eq(models.modelName, channelModels.modelName))
    .where(eq(channelModels.channelId, id))
    .orderBy(channelModels.modelName);
  const client = createOpenAiProvider({
    baseURL: channel.baseUrl,
    apiKey: channel.apiKey,
    timeoutMs: Math.round(env.AI_CHANNEL_RESULT_SECONDS * 1000),
    maxRetries: 0,
    ttsVoice: env.OPENAI_TTS_VOICE,
  });
  return Promise.all(
    served.map(async ({ modelName, providerModelId, type }) => {
      const started = performance.now();
      try {
        await probe(client, type, providerModelId, AbortSignal.timeout(env.AI_CHANNEL_RESULT_SECONDS * 1000));
        const latency = Math.round(performance.now() - started);
        return { model_name: modelName, ok: true, latency_ms: latency, error: null, tested: true };
      } catch (error) {
        const latency = Math.round(performance.now() - started);
        const tested = !(error instanceof NotTested);
        return { model_name: modelName, ok: false, latency_ms: latency, error: describeError(error), tested };
      }
    }),
  );
}

export async function testChannel(db: Db, id: number): Promise<{ results: Result[] }> {
  return { results: (await runTests(db, id)).map(({ tested: _, ...result }) => result) };
}

/**
 * The probe of a channel the app disabled (auto-disable.ts): it answers when every model the test can
 * send a request answered, and there was one (a channel of audio or video models only is left to the
 * operator: docs/decisions/0502-channels-disabled-and-probed.md).
 */
export async function channelAnswersProbe(db: Db, id: number): Promise<boolean> {
  const tested = (await runTests(db, id)).filter((r) => r.tested);
  return tested.length > 0 && tested.every((r) => r.ok);
}
