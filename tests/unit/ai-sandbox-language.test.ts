import { describe, expect, it } from "vitest";
import { sandboxAiProvider } from "@/lib/server/demo/sandbox-ai";

// The sandbox's stand-in results are labelled in the language the caller passes (the user's).
const signal = () => new AbortController().signal;

async function answer(lang?: string) {
  let text = "";
  for await (const p of sandboxAiProvider.chatStream({
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "Привет" }],
    signal: signal(),
    lang,
  })) {
    if ("delta" in p) text += p.delta;
  }
  return text;
}

describe("sandbox labels follow the user's language", () => {
  it("ru: the answer and every file note are Russian and say «песочница»", async () => {
    expect(await answer("ru")).toMatch(
      /^\*\*Демо-ответ \(песочница, ИИ-модель не подключена\)\*\*\n\nВы спросили \*gpt-4o-mini\*:\n\n> Привет\n/,
    );
    const notes = [
      (await sandboxAiProvider.generateImage({ model: "gpt-image-1", prompt: "кот", signal: signal(), lang: "ru" }))
        .note,
      (
        await sandboxAiProvider.editImage({
          model: "gpt-image-1",
          prompt: "кот",
          image: Buffer.alloc(3),
          filename: "a.png",
          signal: signal(),
          lang: "ru",
        })
      ).note,
      (await sandboxAiProvider.speech({ model: "tts-1", text: "Привет", signal: signal(), lang: "ru" })).note,
      (
        await sandboxAiProvider.transcribe({
          model: "whisper-1",
          audio: Buffer.alloc(10),
          filename: "v.ogg",
          signal: signal(),
          lang: "ru",
        })
      ).text,
    ];
    for (const note of notes) expect(note).toMatch(/^Демо-.+\(песочница/);
  });

  it("en, and no language given: English", async () => {
    expect(await answer("en")).toMatch(/^\*\*Demo answer \(sandbox, no AI model configured\)\*\*/);
    expect(await answer()).toMatch(/^\*\*Demo answer \(sandbox/);
  });
});
