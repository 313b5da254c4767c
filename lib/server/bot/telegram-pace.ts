import "server-only";
import { RateLimiter, TokenBucket } from "limiter";
import type { Transformer } from "grammy";
import { processWide } from "@/lib/server/process-wide";

// Outgoing Bot API calls stay under Telegram's published limits (Bot FAQ, "My bot is hitting limits"):
// in one chat about one message a second (short bursts allowed), at most 20 messages a minute in one
// group, and bulk notifications to many users about 30 a second. One pacer per process serves every
// client of the deployment's bot (the bot, the outbox, the webhook's answers), so a chat's budget is
// shared by all of them (docs/decisions/0400-outgoing-bot-calls-paced.md).

/** The budgets, per process. */
export const TELEGRAM_PACE = {
  /** Messages one private chat may get at once, then one a second. */
  chatBurst: 3,
  chatIntervalMs: 1_000,
  /** A group (negative chat id): 20 a minute, spread one every 3 s once the 20 are spent. */
  groupBurst: 20,
  groupIntervalMs: 3_000,
  /** Bulk senders (the outbox: notices, broadcasts): 30 a second across all chats. */
  bulkPerSecond: 30,
};

// "typing" and drafts show a state, not a message: a turn's first reaction and its streamed preview
// never wait behind a chat's message budget.
const UNPACED = new Set(["sendChatAction", "sendMessageDraft"]);

/** The chat a call puts a message into, or null for calls that are not paced (reads, answers to queries, states). */
function pacedChat(method: string, payload: unknown): number | null {
  if (UNPACED.has(method) || !/^(send|edit|copy|forward)/.test(method)) return null;
  const chatId = Number((payload as { chat_id?: unknown } | undefined)?.chat_id);
  return Number.isSafeInteger(chatId) && chatId !== 0 ? chatId : null;
}

/** A token bucket of `burst` tokens, one more every `intervalMs`, full from the start (limiter's starts empty). */
function fullBucket(burst: number, intervalMs: number): TokenBucket {
  const bucket = new TokenBucket({ bucketSize: burst, tokensPerInterval: 1, interval: intervalMs });
  bucket.content = burst;
  return bucket;
}

/**
 * A token bucket per chat: `burst` calls at once, then one per `intervalMs`, let through in the order
 * they came (the bucket queues its waiters). Answers the wait for a chat's next token. A chat nobody
 * waits on and idle long enough to be full again is forgotten: a new bucket starts full too.
 */
function chatBuckets(burst: number, intervalMs: number) {
  const buckets = new Map<number, { bucket: TokenBucket; waiting: number; lastUsed: number }>();
  const idleMs = burst * intervalMs;
  let swept = performance.now();
  return async (chatId: number): Promise<void> => {
    const now = performance.now();
    if (now - swept > idleMs) {
      for (const [id, entry] of buckets) if (!entry.waiting && now - entry.lastUsed > idleMs) buckets.delete(id);
      swept = now;
    }
    let entry = buckets.get(chatId);
    if (!entry) buckets.set(chatId, (entry = { bucket: fullBucket(burst, intervalMs), waiting: 0, lastUsed: now }));
    entry.waiting++;
    try {
      await entry.bucket.removeTokens(1);
    } finally {
      entry.waiting--;
      entry.lastUsed = performance.now();
    }
  };
}

export function createTelegramPacer(pace = TELEGRAM_PACE) {
  let waitForChat = chatBuckets(pace.chatBurst, pace.chatIntervalMs);
  let waitForGroup = chatBuckets(pace.groupBurst, pace.groupIntervalMs);
  // At most bulkPerSecond in any one-second window, not a bucket's 30 at once and 30 more within the same second.
  let bulk = new RateLimiter({ tokensPerInterval: pace.bulkPerSecond, interval: 1_000 });
  return {
    /**
     * Tests only: new budgets for every client made so far and later (a suite whose flows send many
     * messages to one chat, not about pacing, need not sit out a real second for each); no argument
     * restores Telegram's.
     */
    setPaceForTests(next: typeof TELEGRAM_PACE = pace): void {
      waitForChat = chatBuckets(next.chatBurst, next.chatIntervalMs);
      waitForGroup = chatBuckets(next.groupBurst, next.groupIntervalMs);
      bulk = new RateLimiter({ tokensPerInterval: next.bulkPerSecond, interval: 1_000 });
    },
    /** A grammY transformer; `bulk` clients (the outbox) also share the overall budget. */
    transformer({ bulk: isBulk = false }: { bulk?: boolean } = {}): Transformer {
      return async (prev, method, payload, signal) => {
        const chatId = pacedChat(method, payload);
        if (chatId !== null) {
          await (chatId < 0 ? waitForGroup : waitForChat)(chatId);
          if (isBulk) await bulk.removeTokens(1);
        }
        return prev(method, payload, signal);
      };
    },
  };
}

/** The process's pacer (one, however many copies of this module the bundler made). */
export const telegramPacer = processWide("telegram-pacer", () => createTelegramPacer());
