import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Transformer } from "grammy";
import { createTelegramPacer } from "@/lib/server/bot/telegram-pace";

// The pacer of outgoing Bot API calls, on a fake clock: which call reaches Telegram when.

type Prev = Parameters<Transformer>[0];

/** Lets what is due run: a call with a token goes on within microtasks, a waiting one on its timer. */
async function settle() {
  for (let i = 0; i < 100; i++) await vi.advanceTimersByTimeAsync(1);
}

function harness({ bulk = false } = {}) {
  const sent: { method: string; chatId: unknown; text?: unknown; at: number }[] = [];
  const start = Date.now();
  const prev = (async (method: string, payload: { chat_id?: unknown; text?: unknown }) => {
    sent.push({ method, chatId: payload?.chat_id, text: payload?.text, at: Date.now() - start });
    return { ok: true, result: true };
  }) as unknown as Prev;
  const pace = createTelegramPacer().transformer({ bulk });
  const call = (method: string, payload: Record<string, unknown>) => pace(prev, method as never, payload as never);
  return {
    sent,
    call,
    times: (method?: string) => sent.filter((s) => !method || s.method === method).map((s) => s.at),
  };
}

describe("outgoing Bot API calls are paced under Telegram's limits", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("one private chat: a burst of three at once, then one message a second", async () => {
    const h = harness();
    const calls = Array.from({ length: 5 }, (_, i) => h.call("sendMessage", { chat_id: 42, text: `m${i}` }));
    await settle();
    expect(h.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all(calls);
    const at = h.times();
    expect(Math.max(...at.slice(0, 3))).toBeLessThan(100);
    expect(at[3]).toBeGreaterThanOrEqual(1_000);
    expect(at[4] - at[3]).toBeGreaterThanOrEqual(1_000);
  });

  it("a chat's held messages go in the order they came: one that arrives as a token drips does not jump the queue", async () => {
    const h = harness();
    const calls = Array.from({ length: 5 }, (_, i) => h.call("sendMessage", { chat_id: 42, text: `m${i}` }));
    await vi.advanceTimersByTimeAsync(1_999);
    calls.push(h.call("sendMessage", { chat_id: 42, text: "m5" }));
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all(calls);
    expect(h.sent.map((s) => s.at)).toEqual(
      [0, 0, 0, 1_000, 2_000, 3_000].map((at, i) => expect.closeTo(at, i < 3 ? 1 : 50)),
    );
    expect(h.sent.map((s) => s.text)).toEqual(["m0", "m1", "m2", "m3", "m4", "m5"]);
  });

  it("typing and drafts never wait behind a chat's messages; other chats are not held by a busy one", async () => {
    const h = harness();
    for (let i = 0; i < 6; i++) void h.call("sendMessage", { chat_id: 42, text: `m${i}` });
    void h.call("sendChatAction", { chat_id: 42, action: "typing" });
    void h.call("sendMessageDraft", { chat_id: 42, draft_id: 1, text: "" });
    void h.call("sendMessage", { chat_id: 43, text: "other chat" });
    void h.call("getFile", { file_id: "x" });
    await settle();
    expect(h.sent.map((s) => `${s.method}:${s.chatId ?? ""}`).sort()).toEqual(
      [
        "getFile:",
        "sendChatAction:42",
        "sendMessage:42",
        "sendMessage:42",
        "sendMessage:42",
        "sendMessage:43",
        "sendMessageDraft:42",
      ].sort(),
    );
  });

  it("a group gets at most 20 messages a minute", async () => {
    const h = harness();
    for (let i = 0; i < 30; i++) void h.call("sendMessage", { chat_id: -100123, text: `m${i}` });
    await settle();
    expect(h.sent).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toHaveLength(30);
    // The 20 went at once; the rest one every 3 s after that.
    expect(h.times().filter((at) => at < 100)).toHaveLength(20);
    expect(h.times().filter((at) => at >= 100 && at < 29_000).length).toBeLessThanOrEqual(10);
  });

  it("bulk senders share 30 a second across all chats; replies in a conversation are paced per chat only", async () => {
    const bulk = harness({ bulk: true });
    for (let i = 0; i < 75; i++) void bulk.call("sendMessage", { chat_id: 1000 + i, text: "notice" });
    await settle();
    expect(bulk.sent).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bulk.sent).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bulk.sent).toHaveLength(75);
    expect(bulk.times().filter((at) => at < 1_000)).toHaveLength(30);

    const replies = harness();
    for (let i = 0; i < 75; i++) void replies.call("sendMessage", { chat_id: 2000 + i, text: "answer" });
    await settle();
    expect(replies.sent).toHaveLength(75);
  });

  it("a failed call answers its error to the caller", async () => {
    const pace = createTelegramPacer().transformer();
    const prev = (async () => {
      throw new Error("network down");
    }) as unknown as Prev;
    const failed = expect(pace(prev, "sendMessage" as never, { chat_id: 7, text: "x" } as never)).rejects.toThrow(
      "network down",
    );
    await settle();
    await failed;
  });
});
