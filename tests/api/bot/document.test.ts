import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_AI, MB, botHarnessForFile } from "./harness";

// Documents (the "files" action, GPT-4o Docs) in the bot chat: the file's text and the user's
// caption reach the text model; one file unit per document, the text quota untouched.
const h = botHarnessForFile(DOCUMENT_AI);
const fixture = (name: string) => fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", name));
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const docsUser = (fileTokens: number) =>
  h.chatUser({ modelName: "gpt-4o-files", action: "files", quota: { fileTokens: fileTokens * 20, textTokens: 1000 } });
const documentMessage = (data: Buffer, fileName: string, mimeType: string, caption?: string) => ({
  document: { ...h.bot.addFile(data, { path: `documents/${fileName}` }), file_name: fileName, mime_type: mimeType },
  ...(caption ? { caption } : {}),
});
const lastUserContent = () =>
  h.ai.requests.find((r) => r.path === "/v1/chat/completions")!.body.messages.at(-1).content as string;

describe("documents in the bot chat", () => {
  it("a PDF sent in a text dialogue is read at the document's price, stated before; a follow-up question sees it", async () => {
    const u = await h.chatUser({
      modelName: "gpt-4o-mini",
      action: "text",
      quota: { fileTokens: 60, textTokens: 1000 },
    });
    await h.send(u.telegramId, documentMessage(fixture("sample.pdf"), "invoice.pdf", "application/pdf", "Total?"));
    expect(h.textsIn(u.telegramId).slice(-2)).toEqual([
      "This costs 20 file units: you have 60, 40 will be left.",
      "Hello from the fake model\\.\n\n— file units: 20, left: 40",
    ]);
    expect(h.ai.requests.find((r) => r.path === "/v1/chat/completions")!.model).toBe("gpt-4o-mini");
    expect(await h.quotasOf(u.userId)).toMatchObject({ fileTokens: 40, textTokens: 1000 });
    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "And the currency?" });
    expect(JSON.stringify(h.ai.requests[0].body.messages)).toContain("Invoice from the PDF fixture: total 42 EUR");
  });

  it("a PDF's text and the caption reach the session's model; the answer comes back; one document is spent; the file is kept", async () => {
    const u = await docsUser(3);
    const pdf = fixture("sample.pdf");
    await h.send(u.telegramId, documentMessage(pdf, "invoice.pdf", "application/pdf", "What is the total?"));

    const request = h.ai.requests.find((r) => r.path === "/v1/chat/completions")!;
    expect(request.model).toBe("gpt-4o");
    expect(lastUserContent()).toMatch(
      /^What is the total\?\n\n<document name="invoice.pdf">\n[\s\S]*Invoice from the PDF fixture: total 42 EUR[\s\S]*<\/document>$/,
    );
    expect(h.textsIn(u.telegramId).at(-1)).toBe("Hello from the fake model\\.\n\n— file units: 20, left: 40");
    const quota = await h.quotasOf(u.userId);
    expect(quota.fileTokens).toBe(40);
    expect(quota.textTokens).toBe(1000);

    const [row] = await h.messagesOf(u.sessionId);
    expect(row).toMatchObject({
      userText: "What is the total?",
      userFileName: "invoice.pdf",
      aiText: "Hello from the fake model.",
    });
    expect(row.userFileUrl).toMatch(/^bot\/in\/.+\.pdf$/);
    expect((await h.readStoredFile(row.userFileUrl!))!.data).toEqual(pdf);
  });

  it("a DOCX without a caption is summarised; history keeps no question the user did not write", async () => {
    const u = await docsUser(3);
    await h.send(u.telegramId, documentMessage(fixture("sample.docx"), "report.docx", DOCX_MIME));
    expect(lastUserContent()).toContain("Summarise this document and list its key points.");
    expect(lastUserContent()).toContain("Revenue grew by 12 percent.");
    const [row] = await h.messagesOf(u.sessionId);
    expect(row.userFileUrl).toMatch(/\.docx$/);
    expect(row).toMatchObject({ userText: null, userFileName: "report.docx" });
  });

  it("a code file is read as text and kept as .txt", async () => {
    const u = await docsUser(3);
    await h.send(
      u.telegramId,
      documentMessage(Buffer.from("def answer():\n    return 42\n"), "main.py", "text/x-python", "Explain"),
    );
    expect(lastUserContent()).toContain("def answer():\n    return 42");
    expect((await h.messagesOf(u.sessionId))[0].userFileUrl).toMatch(/\.txt$/);
  });

  it("an unsupported file says what is readable and gives the unit back", async () => {
    const u = await docsUser(3);
    await h.send(u.telegramId, documentMessage(fixture("photo.png"), "photo.png", "image/png"));
    expect(h.ai.requests).toHaveLength(0);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("this file type is not supported. Nothing was charged.");
    expect((await h.quotasOf(u.userId)).fileTokens).toBe(60);
  });

  it("an exhausted file quota: the tariffs button and no model call", async () => {
    const u = await docsUser(0);
    await h.send(u.telegramId, documentMessage(Buffer.from("hello"), "a.txt", "text/plain"));
    expect(h.ai.requests).toHaveLength(0);
    const last = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(last.body.text).toContain("used up");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
  });

  it.each(["fail500", "hang"] as const)("a model %s apologises and spends nothing", async (mode) => {
    const u = await docsUser(3);
    h.ai.mode = mode;
    await h.send(u.telegramId, documentMessage(Buffer.from("hello"), "a.txt", "text/plain"));
    expect(h.ai.requests).toHaveLength(1);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).fileTokens).toBe(60);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
  });

  it("a document over 20 MB is refused before getFile", async () => {
    const u = await docsUser(3);
    const getFiles = h.bot.calls.filter((c) => c.method === "getFile").length;
    await h.send(u.telegramId, {
      document: {
        ...h.bot.addFile(Buffer.from("x"), { declaredSize: 40 * MB }),
        file_name: "big.pdf",
        mime_type: "application/pdf",
      },
    });
    expect(h.bot.calls.filter((c) => c.method === "getFile")).toHaveLength(getFiles);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("40.0 MB");
    expect((await h.quotasOf(u.userId)).fileTokens).toBe(60);
  });
});
