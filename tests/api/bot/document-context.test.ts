import { describe, expect, it } from "vitest";
import { DOCUMENT_AI, botHarnessForFile } from "./harness";

// A follow-up text question after a document (the "files" action) is asked with the document's text
// in the context, not only with the earlier answer; the kept text stays within BOT_CONTEXT_TOKENS.
const h = botHarnessForFile({ ...DOCUMENT_AI, BOT_CONTEXT_TOKENS: "1000" });
let fileNo = 0;

const docsUser = () =>
  h.chatUser({ modelName: "gpt-4o-files", action: "files", quota: { fileTokens: 60, textTokens: 100_000 } });
const sendDocument = (telegramId: number, text: string, caption: string) =>
  h.send(telegramId, {
    document: {
      ...h.bot.addFile(Buffer.from(text), { path: `documents/notes-${++fileNo}.txt` }),
      file_name: "notes.txt",
      mime_type: "text/plain",
    },
    caption,
  });
const chatRequests = () => h.ai.requests.filter((r) => r.path === "/v1/chat/completions");
type Sent = { role: string; content: string };

describe("a document in the session's context", () => {
  it("the follow-up text turn's messages carry the document's text, the question and the answer", async () => {
    const u = await docsUser();
    await sendDocument(u.telegramId, "Meeting notes.\nThe launch date is 14 March; Olga owns the budget.", "Summarise");
    h.ai.answer = "Olga owns the budget.";
    await h.send(u.telegramId, { text: "Who owns the budget, and when is the launch?" });

    const followUp = chatRequests().at(-1)!.body.messages as Sent[];
    expect(followUp.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(followUp[0].content).toBe(
      "Summarise\n\n<document>\nMeeting notes.\nThe launch date is 14 March; Olga owns the budget.\n</document>",
    );
    expect(followUp[1].content).toBe("Hello from the fake model.");
    expect(followUp[2].content).toBe("Who owns the budget, and when is the launch?");
    // The history shows the question, not the document's text.
    const rows = await h.messagesOf(u.sessionId);
    expect(rows.map((r) => r.userText)).toEqual(["Summarise", "Who owns the budget, and when is the launch?"]);
  });

  it("a long document is kept cut to the context budget and cut again to what is left of it", async () => {
    const u = await docsUser();
    const long = `${"First part of the report. ".repeat(100)}${"Tail that does not fit. ".repeat(400)}`;
    await sendDocument(u.telegramId, long, "Read this");
    // The first turn reads the whole text; the row keeps at most 1000 tokens × 4 characters.
    expect(chatRequests()[0].body.messages.at(-1).content).toContain("Tail that does not fit.");
    const [row] = await h.messagesOf(u.sessionId);
    expect(row.documentText!.length).toBeLessThanOrEqual(4000);
    expect(row.documentText).toMatch(/\[… cut: the document has \d+ characters, the first part is shown\]$/);

    await h.send(u.telegramId, { text: "And the first part?" });
    const followUp = chatRequests().at(-1)!.body.messages as Sent[];
    const total = followUp.reduce((n, m) => n + m.content.length, 0);
    expect(followUp[0].content).toMatch(/^Read this\n\n<document>\nFirst part of the report\./);
    expect(followUp[0].content).toMatch(/the first part is shown\]\n<\/document>$/);
    // Context (≤ 1000 tokens ≈ 4000 characters) plus the new question.
    expect(total).toBeLessThanOrEqual(4000 + "And the first part?".length);
  });

  it("older turns that no longer fit are summarised; the newest document keeps its place", async () => {
    const u = await docsUser();
    await h.send(u.telegramId, { text: "x".repeat(3960) }); // an old turn of almost the whole budget
    await sendDocument(u.telegramId, "Short document body.", "What is it?");
    await h.send(u.telegramId, { text: "Tell me more" });
    const followUp = chatRequests().at(-1)!.body.messages as Sent[];
    expect(followUp.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(followUp[0].content).toMatch(/^Summary of the earlier part of this dialogue:\n/);
    expect(followUp[1].content).toBe("What is it?\n\n<document>\nShort document body.\n</document>");
    expect(followUp.reduce((n, m) => n + m.content.length, 0)).toBeLessThanOrEqual(4000 + "Tell me more".length);
  });
});
