import "server-only";
import { lt } from "drizzle-orm";
import type { Db } from "@/db";
import { providerRequests } from "@/db/schema";
import { turnOfCall } from "@/lib/server/ai/model-fallback";
import { log } from "@/lib/server/log";
import type { ChannelPrices } from "@/lib/shared/operator-roles";
import { requestCostRub } from "./cost";

// The request log (docs/product/console.md "Request log"): one row per provider call, written by the
// router (lib/server/ai/routed-provider.ts) for every attempt on every channel, with the turn's user,
// dialogue and action when the call is made inside one (model-fallback.ts's scope). Never the text.

export type ProviderRequest = {
  model: string;
  channelId: number | null;
  /** The channel's prices as the call was routed (catalogue data, channels/route.ts): an answered call's cost. */
  prices?: ChannelPrices;
  operation: "chatStream" | "generateImage" | "editImage" | "transcribe" | "speech";
  status: "ok" | "failed" | "rejected" | "aborted" | "cut";
  error?: unknown;
  latencyMs: number;
  tokensIn?: number;
  tokensOut?: number;
  images?: number;
  audioMinutes?: number;
};

const UNIT_OPERATIONS = { generateImage: "image", editImage: "image_edit", transcribe: "audio", speech: "speech" };

/** The error's class, never its message (which may quote the user's text). */
const errorClass = (error: unknown) =>
  error === undefined ? null : error instanceof Error ? error.constructor.name || error.name : typeof error;

/** Writes one call's row; a failure to write is logged and never fails the call. */
export async function recordProviderRequest(db: Db, call: ProviderRequest): Promise<void> {
  const turn = turnOfCall();
  try {
    const used = {
      tokensIn: call.tokensIn ?? 0,
      tokensOut: call.tokensOut ?? 0,
      images: call.images ?? 0,
      audioMinutes: call.audioMinutes ?? 0,
      videoSeconds: 0,
    };
    const costRub = call.status === "ok" ? requestCostRub(call.prices ?? {}, used) : 0;
    await db.insert(providerRequests).values({
      userId: turn?.userId ?? null,
      sessionId: turn?.sessionId ?? null,
      modelName: call.model,
      channelId: call.channelId,
      action: turn?.action ?? (call.operation === "chatStream" ? "text" : UNIT_OPERATIONS[call.operation]),
      tokensIn: used.tokensIn,
      tokensOut: used.tokensOut,
      units: used.images + used.audioMinutes,
      latencyMs: Math.round(call.latencyMs),
      status: call.status,
      error: errorClass(call.error),
      costRub,
    });
  } catch (error) {
    log().error({ err: error }, `[requests] not recorded for ${call.model}`);
  }
}

/** Deletes the rows older than `keepDays` (the retention job). */
export async function pruneProviderRequests({ db, keepDays, now }: { db: Db; keepDays: number; now: Date }) {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  const deleted = await db
    .delete(providerRequests)
    .where(lt(providerRequests.createdAt, before))
    .returning({ id: providerRequests.id });
  return { deleted: deleted.length };
}
