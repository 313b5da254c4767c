import "server-only";
import type { Db } from "@/db";
import { dialogMessages, dialogSessions } from "@/db/schema";
import type { ModelRow } from "@/lib/server/catalogue/access-rules";

/**
 * A finished clip as a dialogue of its own, so "open history" shows it: a session named after the
 * model, the prompt (and the uploaded picture or video) as the user's message, the clip as the
 * answer. File columns hold storage keys; the history screen signs them when it reads them.
 */
export async function recordVideoInHistory({
  db,
  userId,
  model,
  action,
  prompt,
  inputKey,
  inputName,
  videoKey,
}: {
  db: Db;
  userId: number;
  model: ModelRow;
  action: string;
  prompt: string;
  inputKey?: string;
  inputName?: string;
  videoKey: string;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(dialogSessions)
      .values({ userId, name: model.displayName, modelId: model.id, action })
      .returning({ id: dialogSessions.id });
    await tx.insert(dialogMessages).values({
      sessionId: session.id,
      userText: prompt,
      userFileUrl: inputKey ?? null,
      userFileName: inputName ?? null,
      aiFileUrl: videoKey,
    });
    return session.id;
  });
}
