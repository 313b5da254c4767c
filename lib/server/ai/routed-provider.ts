import "server-only";
import { APIConnectionError, APIError } from "openai";
import { getDb, type Db } from "@/db";
import { env, isDemoMode } from "@/lib/env";
import { createOpenAiProvider } from "@/lib/server/ai/openai-provider";
import { noteFallback } from "@/lib/server/ai/model-fallback";
import { recordProviderCall } from "@/lib/server/ai/provider-calls";
import { recordProviderRequest, type ProviderRequest } from "@/lib/server/requests/log";
import { deferToUpdate } from "@/lib/server/bot/hand-over";
import {
  channelsFor,
  isDefaultChannelConfigured,
  markChannelAnswered,
  markChannelFailed,
  type ChannelTarget,
} from "@/lib/server/channels/route";
import { sandboxAiProvider } from "@/lib/server/demo/sandbox-ai";
import { providerCallFailed } from "@/lib/server/alerts/triggers";
import { cleanAudio } from "@/lib/server/ai/audio-cleanup";
import type { AiCall, AiProvider, Usage } from "./types";

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
type Routed = AiCall & { model: string; streamed?: boolean; operation: ProviderRequest["operation"] };

/** Which channel gave a call its first result, at what prices, and how long it took (the request log's row). */
type Answered = {
  channel: string;
  channelId: number | null;
  prices: ChannelTarget["prices"];
  model: string;
  latencyMs: number;
};

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
}): Promise<{ value: T } & Omit<Answered, "model">> {
  let lastError: unknown;
  const waitSeconds = call.streamed ? env.AI_CHANNEL_FIRST_TOKEN_SECONDS : env.AI_CHANNEL_RESULT_SECONDS;
  for (const [i, target] of targets.entries()) {
    const started = performance.now();
    const firstResult = new AbortController();
    const timer = setTimeout(
      () => firstResult.abort(new Error(`No first result from ${target.name} in ${waitSeconds} s`)),
      waitSeconds * 1000,
    );
    const record = (outcome: Parameters<typeof recordProviderCall>[0]["outcome"], error?: unknown) => {
      recordProviderCall({ model, channel: target.name, outcome, ms: performance.now() - started });
      // The answered call's row is written by its operation, which knows what it used (below).
      if (outcome === "ok") return;
      const latencyMs = performance.now() - started;
      return recordProviderRequest(db, {
        model,
        channelId: target.id,
        operation: call.operation,
        status: outcome,
        error,
        latencyMs,
      });
    };
    try {
      const value = await attempt(
        clientOf(target, last && i === targets.length - 1),
        target.providerModelId,
        AbortSignal.any([call.signal, firstResult.signal]),
      );
      const latencyMs = performance.now() - started;
      record("ok");
      if (target.id !== null) await markChannelAnswered(db, target.id);
      return { value, channel: target.name, channelId: target.id, prices: target.prices, latencyMs };
    } catch (error) {
      if (call.signal.aborted) {
        await record("aborted", error);
        throw error;
      }
      if (!firstResult.signal.aborted && !channelFault(error)) {
        await record("rejected", error);
        throw error;
      }
      await record("failed", firstResult.signal.aborted ? firstResult.signal.reason : error);
      if (target.id !== null) await markChannelFailed(db, target.id);
      await providerCallFailed(db, model);
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
async function routed<T>(call: Routed, attempt: Attempt<T>): Promise<{ value: T } & Answered> {
  const db = await getDb();
  const route = await channelsFor(db, call.model);
  if (!route.served) {
    if (!isDemoMode()) throw new AiNotConfiguredError();
    const started = performance.now();
    const value = await attempt(sandboxAiProvider, call.model, call.signal);
    const latencyMs = performance.now() - started;
    return { value, channel: "sandbox", channelId: null, prices: {}, model: call.model, latencyMs };
  }
  const fallback = route.fallbackModel ? await channelsFor(db, route.fallbackModel) : undefined;
  const hasFallback = Boolean(fallback?.targets.length);
  try {
    const answered = await throughChannels({
      db,
      model: call.model,
      targets: route.targets,
      last: !hasFallback,
      call,
      attempt,
    });
    return { ...answered, model: call.model };
  } catch (error) {
    if (!(error instanceof ChannelsDownError) || !hasFallback) throw error;
    const to = route.fallbackModel!;
    const answered = await throughChannels({
      db,
      model: to,
      targets: fallback!.targets,
      last: true,
      call,
      attempt,
    });
    noteFallback({ from: call.model, to });
    return { ...answered, model: to };
  }
}

/**
 * Writes the answered call's row with what it used; in the bot's worker, while the chat gets its
 * answer rather than before (the worker waits for it before settling the update).
 */
async function answeredRow(
  { channelId, prices, model, latencyMs }: Answered,
  row: Omit<ProviderRequest, "model" | "channelId" | "prices" | "latencyMs">,
) {
  const written = getDb().then((db) => recordProviderRequest(db, { model, channelId, prices, latencyMs, ...row }));
  if (!deferToUpdate(written)) await written;
}

/** A non-streamed operation: routed, then its row with the units its result says it used. */
function operation<O extends AiCall & { model: string }, R>(
  name: Exclude<ProviderRequest["operation"], "chatStream">,
  send: (client: AiProvider, o: O) => Promise<R>,
  used: (result: R) => Pick<ProviderRequest, "images" | "audioMinutes"> = () => ({}),
) {
  return async (o: O): Promise<R> => {
    const answered = await routed({ ...o, operation: name }, (client, model, signal) =>
      send(client, { ...o, model, signal }),
    );
    await answeredRow(answered, { operation: name, status: "ok", ...used(answered.value) });
    return answered.value;
  };
}

export const routedAiProvider: AiProvider = {
  name: "channels",
  async *chatStream(o) {
    const answered = await routed(
      { ...o, streamed: true, operation: "chatStream" },
      async (client, providerModelId, signal) => {
        const stream = client.chatStream({ ...o, model: providerModelId, signal })[Symbol.asyncIterator]();
        return { stream, first: await stream.next() };
      },
    );
    const { stream, first } = answered.value;
    const { model, channel } = answered;
    const started = performance.now();
    let usage: Usage | undefined;
    // The row is written once the stream ends however it ends: done, failed, or left by its reader.
    let ending: Pick<ProviderRequest, "status" | "error"> = { status: "ok" };
    try {
      for (let part = first; !part.done; part = await stream.next()) {
        if ("usage" in part.value) usage = part.value.usage;
        yield part.value;
      }
    } catch (error) {
      // After the first token nothing is retried: the user has seen part of the answer.
      if (!o.signal.aborted) recordProviderCall({ model, channel, outcome: "cut", ms: performance.now() - started });
      ending = { status: o.signal.aborted ? "aborted" : "cut", error };
      throw error;
    } finally {
      await answeredRow(answered, {
        operation: "chatStream",
        ...ending,
        tokensIn: usage?.promptTokens,
        tokensOut: usage?.completionTokens,
      });
    }
  },
  generateImage: operation(
    "generateImage",
    (client, o) => client.generateImage(o),
    () => ({ images: 1 }),
  ),
  editImage: operation(
    "editImage",
    (client, o) => client.editImage(o),
    () => ({ images: 1 }),
  ),
  transcribe: operation(
    "transcribe",
    (client, o) => client.transcribe(o),
    (r) => ({ audioMinutes: (r.durationSeconds ?? 0) / 60 }),
  ),
  speech: operation("speech", (client, o) => client.speech(o)),
  // Noise removal calls no model: the cleanup service or ffmpeg; in demo without an endpoint, the sandbox's labelled one.
  async cleanAudio(o) {
    if (!isDefaultChannelConfigured() && isDemoMode()) return sandboxAiProvider.cleanAudio(o);
    return cleanAudio({ ...o, url: env.AUDIO_CLEANUP_URL, timeoutMs: Math.round(env.AI_TIMEOUT_SECONDS * 1000) });
  },
};
