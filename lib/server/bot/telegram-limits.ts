import "server-only";
import { setTimeout as delay } from "node:timers/promises";
import { eq } from "drizzle-orm";
import type { Transformer } from "grammy";
import type { Db } from "@/db";
import { users } from "@/db/schema";
import { now } from "@/lib/server/clock";
import { log } from "@/lib/server/log";
import { handOverSignal } from "./hand-over";

// Telegram's answers about limits, for every Bot API call the bot makes while it handles an update:
// a 429 waits its retry_after and the same call is made again, inside the turn, so the turn is
// neither failed nor run (and charged) twice; a 403 (the user blocked the bot) marks the user as the
// outbox does, so nothing more is queued for them until they write again.

// A flood wait longer than this is not waited out inside a turn: the update is tried again later (updates.ts).
const MAX_WAIT_SECONDS = 60;
const MAX_RETRIES = 3;

type Wait = (ms: number, cut?: AbortSignal) => Promise<void>;
/** Waits `ms`, or less when `cut` fires. */
const timerWait: Wait = (ms, cut) => delay(ms, undefined, { signal: cut }).catch(() => {});
let wait = timerWait;

/** Tests only: how a retry_after is waited (a fake answers at once); no argument restores the timer. */
export function setRateLimitWaitForTests(next?: Wait): void {
  wait = next ?? timerWait;
}

export function honourTelegramLimits(db: Db): Transformer {
  return async (prev, method, payload, signal) => {
    // Shutdown does not sit out a flood wait: the call fails as Telegram answered it, and the turn's
    // own fallback takes over (a paid answer goes to the outbox), instead of the update being handed
    // to another instance that would run and charge it again (docs/decisions/0433-flood-waits-cut-at-shutdown.md).
    const handOver = handOverSignal();
    for (let retry = 0; ; retry++) {
      const result = await prev(method, payload, signal);
      if (result.ok) return result;
      const retryAfter = result.parameters?.retry_after;
      if (
        result.error_code === 429 &&
        retryAfter !== undefined &&
        retryAfter <= MAX_WAIT_SECONDS &&
        retry < MAX_RETRIES &&
        !handOver?.aborted
      ) {
        log().warn(`[bot] ${method} rate-limited by Telegram; retrying after ${retryAfter} s`);
        await wait(retryAfter * 1000, handOver);
        if (handOver?.aborted) return result;
        continue;
      }
      const chatId = Number((payload as { chat_id?: unknown }).chat_id);
      // In a private chat the chat id is the user's Telegram id.
      if (result.error_code === 403 && chatId > 0)
        await db.update(users).set({ botBlockedAt: now() }).where(eq(users.telegramId, chatId));
      return result;
    }
  };
}
