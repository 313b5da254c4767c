import "server-only";
import { count } from "drizzle-orm";
import type { Db } from "@/db";
import { broadcasts, users, type Broadcast } from "@/db/schema";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { markdownV2Problem, TELEGRAM_TEXT_LIMIT } from "@/lib/shared/markdown-v2-check";
import type { BroadcastSegment } from "@/lib/shared/broadcast-segments";
import { recipients } from "./recipients";

/** Refuses text Telegram would refuse (MarkdownV2 rules, length) with a 400 naming the place. */
export function checkBroadcastText(text: string): void {
  if (text.length > TELEGRAM_TEXT_LIMIT) {
    throw new ApiError("bad_request", "Invalid input", { text: [`At most ${TELEGRAM_TEXT_LIMIT} characters`] });
  }
  const problem = markdownV2Problem(text);
  if (problem) {
    const what =
      problem.reason === "unescaped"
        ? `escape "${problem.char}" as "\\${problem.char}"`
        : `"${problem.char}" is ${problem.reason}`;
    throw new ApiError("bad_request", "The text is not valid Telegram MarkdownV2", {
      text: [`At character ${problem.at + 1}: ${what}`],
    });
  }
}

/** A new broadcast, counted and started: the broadcasts job queues it from the next tick on. */
export async function createBroadcast({
  tx,
  text,
  segment,
  operatorTelegramId,
}: {
  tx: Db;
  text: string;
  segment: BroadcastSegment;
  operatorTelegramId: number;
}): Promise<Broadcast> {
  checkBroadcastText(text);
  const at = now();
  const [{ total }] = await tx.select({ total: count() }).from(users).where(recipients(segment, at));
  const [row] = await tx
    .insert(broadcasts)
    .values({ text, segment, total, createdByTelegramId: operatorTelegramId, createdAt: at })
    .returning();
  return row;
}
