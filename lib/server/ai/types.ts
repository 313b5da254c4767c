// The model layer's shapes, apart from the factory in provider.ts so the adapters can use them
// without importing the module that imports them.

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };
export type Usage = { promptTokens: number; completionTokens: number; totalTokens: number };
/** A produced file; `note` is shown with it in the chat (the sandbox's demo label). */
export type AiFile = { data: Buffer; contentType: string; note?: string };

/** The model layer the bot calls: one OpenAI-compatible endpoint, or the demo sandbox. */
export interface AiProvider {
  readonly name: "openai" | "sandbox";
  chatStream(o: { model: string; messages: ChatMessage[]; signal: AbortSignal }): AsyncIterable<{ delta: string } | { usage: Usage }>;
  generateImage(o: { model: string; prompt: string; signal: AbortSignal }): Promise<AiFile>;
  editImage(o: { model: string; prompt: string; image: Buffer; filename: string; signal: AbortSignal }): Promise<AiFile>;
  transcribe(o: { model: string; audio: Buffer; filename: string; signal: AbortSignal }): Promise<{ text: string; durationSeconds?: number }>;
  speech(o: { model: string; text: string; voice?: string; signal: AbortSignal }): Promise<AiFile>;
  cleanAudio(o: { audio: Buffer; filename: string; signal: AbortSignal }): Promise<AiFile>;
}
