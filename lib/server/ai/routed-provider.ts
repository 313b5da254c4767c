import "server-only";
import { APIConnectionError, APIError } from "openai";
import { getDb, type Db } from "@/db";
import { env, isDemoMode } from "@/lib/env";
import { createOpenAiProvider } from "@/lib/server/ai/openai-provider";
import { noteFallback } from "@/lib/server/ai/model-fallback";
import { recordProviderCall } from "@/lib/server/ai/provider-calls";
import {
  channelsFor,
  isDefaultChannelConfigured,
  markChannelAnswered,
  markChannelFailed,
  type ChannelTarget,
} from "@/lib/server/channels/route";
import { sandboxAiProvider } from "@/lib/server/demo/sandbox-ai";
import { cleanAudio } from "@/lib/server/ai/audio-cleanup";
import type { AiCall, AiProvider } from "./types";

// The provider the bot calls: each call goes to the model's channels by priority; one that fails
// before its first token or result (connection, timeout, 429, 5xx) is given up for the next, and
// when all are down the model's fallback model answers (docs/product/channels.md).

/** Thrown when production has no model endpoint: the sandbox is for demo mode only. */
export class AiNotConfiguredError extends Error {
  constructor() {
    super(
      "APP_MODE=production needs OPENAI_BASE_URL and OPENAI_API_KEY, or channels set in the console, for the bot's AI models (the sandbox answers only in demo mode).",
    );
    this.name = "AiNotConfiguredError";
  }
}

/** Every channel of a model (and of its fallback model, if it has one) failed or is cooling down. */
export class ChannelsDownError extends Error {
  constructor(
    readonly model: string,
    options?: { cause?: unknown },
  ) {
    super(`Every channel of ${model} is down`, options);
    this.name = "ChannelsDownError";
  }
}

/** The channel's own failure, which another channel may not share. */
const channelFault = (error: unknown) =>
  error instanceof APIConnectionError ||
  (error instanceof APIError &&
    error.status !== undefined &&
    (error.status === 408 || error.status === 429 || error.status >= 500));

const clients = new Map<string, AiProvider>();

/**
 * The SDK client of a channel. Its own retries (which also wait out a 429's retry-after, however
 * long) only run when the channel is the last thing to try; otherwise the next channel is the retry
 * (docs/decisions/0321-sdk-retries-only-on-the-last-channel.md).
 */
function clientOf(target: ChannelTarget, last: boolean): AiProvider {
  const maxRetries = last ? env.AI_MAX_RETRIES : 0;
  const key = JSON.stringify([target.baseURL, target.apiKey, maxRetries]);
  let client = clients.get(key);
  if (!client) {
    client = createOpenAiProvider({
      baseURL: target.baseURL,
      apiKey: target.apiKey,
      timeoutMs: Math.round(env.AI_TIMEOUT_SECONDS * 1000),
      maxRetries,
      ttsVoice: env.OPENAI_TTS_VOICE,
      audioCleanupUrl: env.AUDIO_CLEANUP_URL,
    });
    clients.set(key, client);
  }
  return client;
}

/** A call to route: `streamed` when its first result is the first token of a stream. */
type Routed = AiCall & { model: string; streamed?: boolean };

/** One attempt on one channel: answers as soon as the first result is there. */
type Attempt<T> = (client: AiProvider, providerModelId: string, signal: AbortSignal) => Promise<T>;

/** Tries `targets` in order until one gives its first result; ChannelsDownError when none did. */
async function throughChannels<T>({
  db,
  model,
  targets,
  last,
  call,
  attempt,
}: {
  db: Db;
  model: string;
  targets: ChannelTarget[];
  last: boolean;
  call: Routed;
  attempt: Attempt<T>;
}): Promise<{ value: T; channel: string }> {
  let lastError: unknown;
  const waitSeconds = call.streamed ? env.AI_CHANNEL_FIRST_TOKEN_SECONDS : env.AI_CHANNEL_RESULT_SECONDS;
  for (const [i, target] of targets.entries()) {
    const started = performance.now();
    const firstResult = new AbortController();
    const timer = setTimeout(
      () => firstResult.abort(new Error(`No first result from ${target.name} in ${waitSeconds} s`)),
      waitSeconds * 1000,
    );
    const record = (outcome: Parameters<typeof recordProviderCall>[0]["outcome"]) =>
      recordProviderCall({ model, channel: target.name, outcome, ms: performance.now() - started });
    try {
      const value = await attempt(
        clientOf(target, last && i === targets.length - 1),
        target.providerModelId,
        AbortSignal.any([call.signal, firstResult.signal]),
      );
      record("ok");
      if (target.id !== null) await markChannelAnswered(db, target.id);
      return { value, channel: target.name };
    } catch (error) {
      if (call.signal.aborted) {
        record("aborted");
        throw error;
      }
      if (!firstResult.signal.aborted && !channelFault(error)) {
        record("rejected");
        throw error;
      }
      record("failed");
      if (target.id !== null) await markChannelFailed(db, target.id);
      lastError = firstResult.signal.aborted ? firstResult.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
  }
  throw new ChannelsDownError(model, { cause: lastError });
}

/**
 * The first result of a call of catalogue model `call.model`: through its channels, then through its
 * fallback model's (noted for the turn), or the sandbox when nothing serves it in demo mode.
 */
async function routed<T>(call: Routed, attempt: Attempt<T>): Promise<{ value: T; channel: string; model: string }> {
  const db = await getDb();
  const route = await channelsFor(db, call.model);
  if (!route.served) {
    if (!isDemoMode()) throw new AiNotConfiguredError();
    return { value: await attempt(sandboxAiProvider, call.model, call.signal), channel: "sandbox", model: call.model };
  }
  const fallback = route.fallbackModel ? await channelsFor(db, route.fallbackModel) : undefined;
  const hasFallback = Boolean(fallback?.targets.length);
  try {
    const { value, channel } = await throughChannels({
      db,
      model: call.model,
      targets: route.targets,
      last: !hasFallback,
      call,
      attempt,
    });
    return { value, channel, model: call.model };
  } catch (error) {
    if (!(error instanceof ChannelsDownError) || !hasFallback) throw error;
    const to = route.fallbackModel!;
    const { value, channel } = await throughChannels({
      db,
      model: to,
      targets: fallback!.targets,
      last: true,
      call,
      attempt,
    });
    noteFallback({ from: call.model, to });
    return { value, channel, model: to };
  }
}

export const routedAiProvider: AiProvider = {
  name: "channels",
  async *chatStream(o) {
    const {
      value: { stream, first },
      channel,
      model,
    } = await routed({ ...o, streamed: true }, async (client, providerModelId, signal) => {
      const stream = client.chatStream({ ...o, model: providerModelId, signal })[Symbol.asyncIterator]();
      return { stream, first: await stream.next() };
    });
    const started = performance.now();
    try {
      for (let part = first; !part.done; part = await stream.next()) yield part.value;
    } catch (error) {
      // After the first token nothing is retried: the user has seen part of the answer.
      if (!o.signal.aborted) recordProviderCall({ model, channel, outcome: "cut", ms: performance.now() - started });
      throw error;
    }
  },
  generateImage: async (o) =>
    (await routed(o, (client, model, signal) => client.generateImage({ ...o, model, signal }))).value,
  editImage: async (o) => (await routed(o, (client, model, signal) => client.editImage({ ...o, model, signal }))).value,
  transcribe: async (o) =>
    (await routed(o, (client, model, signal) => client.transcribe({ ...o, model, signal }))).value,
  speech: async (o) => (await routed(o, (client, model, signal) => client.speech({ ...o, model, signal }))).value,
  // Noise removal calls no model: the cleanup service or ffmpeg; in demo without an endpoint, the sandbox's labelled one.
  async cleanAudio(o) {
    if (!isDefaultChannelConfigured() && isDemoMode()) return sandboxAiProvider.cleanAudio(o);
    return cleanAudio({ ...o, url: env.AUDIO_CLEANUP_URL, timeoutMs: Math.round(env.AI_TIMEOUT_SECONDS * 1000) });
  },
};
