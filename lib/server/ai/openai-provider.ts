import OpenAI, { toFile } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { AiProvider, SpeechFormat } from "@/lib/server/ai/types";
import { cleanAudio } from "@/lib/server/ai/audio-cleanup";
import { withProviderMetrics } from "@/lib/server/metrics/provider-calls";

export type OpenAiProviderConfig = {
  baseURL: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  ttsVoice: string;
  audioCleanupUrl?: string;
};

const SPEECH_TYPES: Record<SpeechFormat, string> = { mp3: "audio/mpeg", opus: "audio/ogg" };

// gpt-image-* always answer base64 and reject response_format; dall-e-* answer URLs unless asked.
const imageFormat = (model: string) => (model.startsWith("dall-e") ? { response_format: "b64_json" as const } : {});

function imageFrom(res: OpenAI.Images.ImagesResponse) {
  const b64 = res.data?.[0]?.b64_json;
  if (!b64) throw new Error("The images API answered without b64_json image data");
  const format = res.output_format ?? "png";
  return { data: Buffer.from(b64, "base64"), contentType: `image/${format}` };
}

/** Any OpenAI-compatible endpoint through the official SDK (timeouts and retries are the SDK's). */
export function createOpenAiProvider(config: OpenAiProviderConfig): AiProvider {
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
  return withProviderMetrics({
    name: "openai",
    async *chatStream({ model, messages, signal }) {
      const stream = await client.chat.completions.create(
        {
          model,
          messages: messages as ChatCompletionMessageParam[],
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) yield { delta };
        if (chunk.usage) {
          const u = chunk.usage;
          yield {
            usage: {
              promptTokens: u.prompt_tokens,
              completionTokens: u.completion_tokens,
              totalTokens: u.total_tokens,
            },
          };
        }
      }
    },
    async generateImage({ model, prompt, signal }) {
      return imageFrom(await client.images.generate({ model, prompt, n: 1, ...imageFormat(model) }, { signal }));
    },
    async editImage({ model, prompt, image, filename, signal }) {
      const file = await toFile(image, filename);
      return imageFrom(
        await client.images.edit({ model, prompt, image: file, n: 1, ...imageFormat(model) }, { signal }),
      );
    },
    async transcribe({ model, audio, filename, signal }) {
      const file = await toFile(audio, filename);
      // Only whisper-1 offers verbose_json (with the duration); the gpt-4o transcribers answer json.
      if (model.startsWith("whisper")) {
        const res = await client.audio.transcriptions.create(
          { model, file, response_format: "verbose_json" },
          { signal },
        );
        return { text: res.text, durationSeconds: res.duration };
      }
      const res = await client.audio.transcriptions.create({ model, file, response_format: "json" }, { signal });
      return { text: res.text };
    },
    async speech({ model, text, voice, format = "mp3", signal }) {
      const res = await client.audio.speech.create(
        { model, input: text, voice: voice ?? config.ttsVoice, response_format: format },
        { signal },
      );
      // opus is answered in an Ogg container: what Telegram plays as a voice message (sendVoice).
      return { data: Buffer.from(await res.arrayBuffer()), contentType: SPEECH_TYPES[format] };
    },
    cleanAudio: (o) => cleanAudio({ ...o, url: config.audioCleanupUrl, timeoutMs: config.timeoutMs }),
  });
}
