import "server-only";
import Bottleneck from "bottleneck";
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

/** A token bucket per chat: `burst` calls at once, then one per `intervalMs`; a chat idle long enough to refill is forgotten. */
const chatBuckets = (burst: number, intervalMs: number) =>
  new Bottleneck.Group({
    maxConcurrent: 1,
    reservoir: burst,
    reservoirIncreaseAmount: 1,
    reservoirIncreaseInterval: intervalMs,
    reservoirIncreaseMaximum: burst,
    timeout: burst * intervalMs + 10_000,
  });

export function createTelegramPacer(pace = TELEGRAM_PACE) {
  const chats = chatBuckets(pace.chatBurst, pace.chatIntervalMs);
  const groups = chatBuckets(pace.groupBurst, pace.groupIntervalMs);
  const bulk = new Bottleneck({ reservoir: pace.bulkPerSecond, reservoirRefreshAmount: pace.bulkPerSecond, reservoirRefreshInterval: 1_000 });
  return {
    /** A grammY transformer; `bulk` clients (the outbox) also share the overall budget. */
    transformer({ bulk: isBulk = false }: { bulk?: boolean } = {}): Transformer {
      return (prev, method, payload, signal) => {
        const chatId = pacedChat(method, payload);
        if (chatId === null) return prev(method, payload, signal);
        const call = () => prev(method, payload, signal);
        const bucket = (chatId < 0 ? groups : chats).key(String(chatId));
        return bucket.schedule(isBulk ? () => bulk.schedule(call) : call);
      };
    },
  };
}

/** The process's pacer (one, however many copies of this module the bundler made). */
export const telegramPacer = processWide("telegram-pacer", () => createTelegramPacer());
