import { describe, expect, it } from "vitest";
import type { Transformer } from "grammy";
import type { Db } from "@/db";
import { handOver, runUpdate } from "@/lib/server/bot/hand-over";
import { honourTelegramLimits } from "@/lib/server/bot/telegram-limits";

// The flood wait of a Bot API call inside a handled update, with the real timer: shutdown's hand-over
// ends it (docs/decisions/0433-flood-waits-cut-at-shutdown.md). Were it not cut, the 30 s wait would
// outlast the test's timeout.

type Prev = Parameters<Transformer>[0];
const floodAnswer = {
  ok: false,
  error_code: 429,
  description: "Too Many Requests: retry after 30",
  parameters: { retry_after: 30 },
};

describe("a flood wait inside an update", () => {
  it("ends when the update is handed over: the call answers Telegram's 429 and is not made again", async () => {
    let calls = 0;
    // No 403 in this test: the database is never touched.
    const transformer = honourTelegramLimits({} as Db);
    const { run, done } = runUpdate(1, () =>
      transformer(
        (async () => {
          calls++;
          // Once the call's continuation has started the wait (microtasks), shutdown hands the update over.
          setImmediate(() => handOver(run));
          return floodAnswer;
        }) as unknown as Prev,
        "sendMessage",
        { chat_id: 1, text: "the answer" },
      ),
    );
    expect(await done).toEqual(floodAnswer);
    expect(calls).toBe(1);
  });

  it("is not started for an update already handed over", async () => {
    let calls = 0;
    const transformer = honourTelegramLimits({} as Db);
    const { run, done } = runUpdate(1, async () => {
      await Promise.resolve(); // `run` is assigned once runUpdate has answered
      handOver(run);
      return transformer((async () => (calls++, floodAnswer)) as unknown as Prev, "sendMessage", {
        chat_id: 1,
        text: "the answer",
      });
    });
    expect(await done).toEqual(floodAnswer);
    expect(calls).toBe(1);
  });
});
