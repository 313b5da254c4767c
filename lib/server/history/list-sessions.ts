import "server-only";
import { and, desc, eq, ilike, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { dialogMessages, dialogSessions, models } from "@/db/schema";
import type { HistoryPage } from "@/lib/contracts/history";
import type { PickerType } from "@/lib/shared/model-actions";
import { previewText } from "./text-preview";

const LAST_MESSAGE_PREVIEW = 50;
// A dialogue's title made from its first message: that message's first line, cut like the preview.
const TITLE_LENGTH = 50;

// Sessions whose user speaks or sends audio rather than writing; the first of them transcribes.
const TRANSCRIBING_ACTION = "speech_to_text" satisfies PickerType;
const VOICE_ACTIONS = [TRANSCRIBING_ACTION, "noise_removal", "dubbing"] as const satisfies readonly PickerType[];

// Enough code points for 50 grapheme clusters of ordinary text, without reading whole long messages.
const PREVIEW_READ = LAST_MESSAGE_PREVIEW * 8;

type Bound = Placeholder | number;

/** One page of sessions matching `where` and their count; the page's ids first, from the (user_id, updated_at, id) index. */
function pageQueries(db: Db, where: SQL | undefined, limit: Bound, offset: Bound) {
  const pageIds = db
    .select({ id: dialogSessions.id })
    .from(dialogSessions)
    .where(where)
    .orderBy(desc(dialogSessions.updatedAt), desc(dialogSessions.id))
    .limit(limit)
    .offset(offset)
    .as("page_ids");
  const lastUserMessage = sql<string | null>`(
    select left(${dialogMessages.userText}, ${PREVIEW_READ}) from ${dialogMessages}
    where ${dialogMessages.sessionId} = ${dialogSessions.id} and ${dialogMessages.userText} is not null
    order by ${dialogMessages.createdAt} desc, ${dialogMessages.id} desc limit 1)`;
  // The title, unless the person named the dialogue: its first written message.
  const firstUserMessage = sql<string | null>`case when ${dialogSessions.title} is null then (
    select left(${dialogMessages.userText}, ${PREVIEW_READ}) from ${dialogMessages}
    where ${dialogMessages.sessionId} = ${dialogSessions.id} and ${dialogMessages.userText} is not null
    order by ${dialogMessages.createdAt}, ${dialogMessages.id} limit 1) end`;
  // Voice and audio sessions often have no user text: their first message stands in (its transcript,
  // when the session transcribes). Only those sessions run the subquery.
  const voicePreview = sql<{ transcript: string | null } | null>`case when ${dialogSessions.action} in (${sql.join(
    VOICE_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  )}) then (
    select json_build_object('transcript', case when ${dialogSessions.action} = ${TRANSCRIBING_ACTION} then left(${dialogMessages.aiText}, ${PREVIEW_READ}) end)
    from ${dialogMessages} where ${dialogMessages.sessionId} = ${dialogSessions.id}
    order by ${dialogMessages.createdAt}, ${dialogMessages.id} limit 1) end`;
  return {
    page: db
      .select({
        id: dialogSessions.id,
        name: dialogSessions.name,
        title: dialogSessions.title,
        updatedAt: dialogSessions.updatedAt,
        model: models.displayName,
        modelImage: models.image,
        lastUserMessage,
        firstUserMessage,
        voicePreview,
      })
      .from(pageIds)
      .innerJoin(dialogSessions, eq(dialogSessions.id, pageIds.id))
      .innerJoin(models, eq(models.id, dialogSessions.modelId))
      .orderBy(desc(dialogSessions.updatedAt), desc(dialogSessions.id)),
    total: db
      .select({ total: sql<number>`count(*)::int` })
      .from(dialogSessions)
      .where(where),
  };
}

// Prepared once per database handle (named statements on PostgreSQL: planned once per connection).
const prepared = perDatabase((db) => {
  const queries = pageQueries(
    db,
    eq(dialogSessions.userId, sql.placeholder("userId")),
    sql.placeholder("limit"),
    sql.placeholder("offset"),
  );
  return { page: queries.page.prepare("history_page"), total: queries.total.prepare("history_total") };
});

/** ILIKE's pattern for text containing `q` literally (its % _ and \\ escaped). */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

/** The caller's sessions whose title (or name) or any message's text contains `q`, any case. */
function searchWhere(userId: number, q: string): SQL | undefined {
  const pattern = containing(q);
  return and(
    eq(dialogSessions.userId, userId),
    or(
      ilike(dialogSessions.title, pattern),
      ilike(dialogSessions.name, pattern),
      sql`exists (select 1 from ${dialogMessages} where ${dialogMessages.sessionId} = ${dialogSessions.id}
        and (${dialogMessages.userText} ilike ${pattern} or ${dialogMessages.aiText} ilike ${pattern}))`,
    ),
  );
}

/** The title a dialogue is listed under: the person's own, else its first message's first line, else its name. */
function titleOf(row: { title: string | null; firstUserMessage: string | null; name: string }): string {
  if (row.title) return row.title;
  const firstLine = row.firstUserMessage?.trim().split("\n")[0]?.trim();
  return firstLine ? previewText(firstLine, TITLE_LENGTH).replace(/\s+…$/, "…") : row.name;
}

/**
 * POST /api/history/: one page of the caller's sessions, most recently used first (id breaks ties so
 * pages never overlap). The page's ids come from an index-only scan of (user_id, updated_at, id)
 * before anything else is read, so deep pages skip index entries rather than table rows. With `q`,
 * only the sessions whose title or messages contain it (docs/product/history.md "Search").
 */
export async function listSessions({
  db,
  userId,
  page,
  pageSize,
  q,
}: {
  db: Db;
  userId: number;
  page: number;
  pageSize: number;
  q?: string;
}): Promise<HistoryPage> {
  const offset = (page - 1) * pageSize;
  let read;
  if (q) {
    const search = pageQueries(db, searchWhere(userId, q), pageSize, offset);
    read = Promise.all([search.page, search.total]);
  } else {
    const statement = prepared(db);
    read = Promise.all([
      statement.page.execute({ userId, limit: pageSize, offset }),
      statement.total.execute({ userId }),
    ]);
  }
  const [rows, [{ total }]] = await read;
  const totalPages = Math.ceil(total / pageSize);
  return {
    data: rows.map((r) => ({
      session_id: r.id,
      name: titleOf(r),
      date: new Date(r.updatedAt).toISOString(),
      model: r.model,
      model_image: r.modelImage,
      last_user_message: r.lastUserMessage === null ? null : previewText(r.lastUserMessage, LAST_MESSAGE_PREVIEW),
      voice_preview: r.voicePreview && {
        transcript: r.voicePreview.transcript ? previewText(r.voicePreview.transcript, LAST_MESSAGE_PREVIEW) : null,
      },
    })),
    pagination: { hasNextPage: page < totalPages, currentPage: page, totalPages },
  };
}
