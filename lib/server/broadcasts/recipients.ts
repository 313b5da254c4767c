import "server-only";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { users } from "@/db/schema";
import type { BroadcastSegment } from "@/lib/shared/broadcast-segments";

const paying = (at: Date) =>
  sql`exists (select 1 from subscriptions s where s.user_id = ${users.id} and s.expires_at > ${at.toISOString()}::timestamptz)`;

function inSegment(segment: BroadcastSegment, at: Date): SQL | undefined {
  switch (segment) {
    case "all":
      return undefined;
    case "paying":
      return paying(at);
    case "free":
      return sql`not ${paying(at)}`;
    case "ru":
    case "en":
      return eq(users.language, segment);
  }
}

/**
 * The users a broadcast reaches: those of the segment who allowed the bot to write to them, whom no
 * operator blocked (users.blocked_at), and who have not blocked the bot (the Bot API answered 403 before; users.bot_blocked_at), checked again as each
 * chunk is queued, so someone who blocks the bot meanwhile is skipped.
 */
export const recipients = (segment: BroadcastSegment, at: Date): SQL =>
  and(eq(users.allowsWriteToPm, true), isNull(users.botBlockedAt), isNull(users.blockedAt), inSegment(segment, at))!;
