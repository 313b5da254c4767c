import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { botHarnessForFile, SANDBOX_AI } from "./harness";

// Demo mode without a model endpoint: the sandbox's labelled results speak the user's language
// (users.language, as every bot text), and still say plainly that they come from the sandbox.
const h = botHarnessForFile(SANDBOX_AI);

async function userIn(
  language: "ru" | "en",
  session: { modelName: string; action: string; quota: Record<string, number> },
) {
  const u = await h.chatUser(session);
  await (await h.getDb()).update(users).set({ language }).where(eq(users.id, u.userId));
  return u;
}

describe("the sandbox answers in the user's language", () => {
  it("a Russian chat gets a Russian labelled answer; the MarkdownV2 formatting stays", async () => {
    const u = await userIn("ru", { modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 10_000 } });
    await h.send(u.telegramId, { text: "Как отсортировать список?" });
    const answer = h.callsIn(u.telegramId, "sendMessage").at(-1)!.body;
    expect(answer.parse_mode).toBe("MarkdownV2");
    expect(answer.text).toMatch(/^\*Демо\\-ответ \\\(песочница, ИИ\\-модель не подключена\\\)\*\n/);
    expect(answer.text).toContain("Вы спросили _gpt\\-4o\\-mini_:");
    expect(answer.text).toContain("> Как отсортировать список?");
    expect(answer.text).toContain("в вашем сообщении 25 символов;");
    expect(answer.text).not.toMatch(/Demo answer|You asked/);
  });

  it("an English chat gets the English label", async () => {
    const u = await userIn("en", { modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 10_000 } });
    await h.send(u.telegramId, { text: "How do I sort a list?" });
    const answer = String(h.callsIn(u.telegramId, "sendMessage").at(-1)!.body.text);
    expect(answer).toMatch(/^\*Demo answer \\\(sandbox, no AI model configured\\\)\*\n/);
    expect(answer).toContain("You asked _gpt\\-4o\\-mini_:");
    // Counts take the plural form their number needs.
    expect(answer).toContain("your message had 21 characters;");
    expect(answer).toContain("the dialogue has 1 message so far\\.");
  });

  it("a Russian chat's image and transcript carry Russian sandbox labels", async () => {
    const painter = await userIn("ru", { modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 12 } });
    await h.send(painter.telegramId, { text: "маяк" });
    expect(h.mediaIn(painter.telegramId)[0].caption).toMatch(/^Демо-картинка \(песочница, ИИ-модель не подключена\)/);

    const listener = await userIn("ru", { modelName: "whisper", action: "speech_to_text", quota: { audioTokens: 44 } });
    const wav = h.sandboxWav("запись для песочницы");
    await h.send(listener.telegramId, {
      audio: { ...h.bot.addFile(wav), duration: 1, file_name: "note.wav", mime_type: "audio/wav" },
    });
    expect(h.textsIn(listener.telegramId).at(-1)).toMatch(
      new RegExp(
        `^Демо-расшифровка \\(песочница, ИИ-модель не подключена\\): получено ${wav.length.toLocaleString("ru-RU")} байт(а)? аудио\\.`,
      ),
    );
  });
});
