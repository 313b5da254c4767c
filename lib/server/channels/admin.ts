import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { channelModels, channels, models } from "@/db/schema";
import type { Channel, ChannelCreateBody, ChannelPatchBody } from "@/lib/contracts/admin-channels";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";

// The console's side of channels: list, create, change, delete. Each change answers the channel as
// the console shows it and what the audit row keeps (before/after, the key always masked).

/** A key as answers and audit rows show it: never more than its first 3 and last 4 characters. */
export function maskKey(key: string): string {
  return key.length <= 10 ? `…${key.slice(-2)}` : `${key.slice(0, 3)}…${key.slice(-4)}`;
}

type ChannelRow = typeof channels.$inferSelect;
type ChannelModel = Channel["models"][number];

function toChannel(row: ChannelRow, served: ChannelModel[]): Channel {
  const until = row.cooldownUntil;
  return {
    id: row.id,
    name: row.name,
    base_url: row.baseUrl,
    api_key: maskKey(row.apiKey),
    priority: row.priority,
    enabled: row.enabled,
    weight: row.weight,
    prices: row.prices,
    models: served,
    consecutive_failures: row.consecutiveFailures,
    cooldown_until: until ? until.toISOString() : null,
    cooling_down: Boolean(until && until.getTime() > now().getTime()),
    auto_disabled_at: row.autoDisabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function modelsOf(db: Db, channelIds: number[]): Promise<Map<number, ChannelModel[]>> {
  const byChannel = new Map<number, ChannelModel[]>();
  if (!channelIds.length) return byChannel;
  const rows = await db
    .select()
    .from(channelModels)
    .where(inArray(channelModels.channelId, channelIds))
    .orderBy(asc(channelModels.modelName));
  for (const r of rows)
    byChannel.set(r.channelId, [
      ...(byChannel.get(r.channelId) ?? []),
      { model_name: r.modelName, provider_model_id: r.providerModelId },
    ]);
  return byChannel;
}

/** Every channel, in the order calls try them. */
export async function listChannels(db: Db): Promise<Channel[]> {
  const rows = await db.select().from(channels).orderBy(asc(channels.priority), asc(channels.id));
  const served = await modelsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toChannel(r, served.get(r.id) ?? []));
}

export async function channelOrThrow(db: Db, id: number): Promise<Channel> {
  const [row] = await db.select().from(channels).where(eq(channels.id, id));
  if (!row) throw new ApiError("not_found", "Channel not found");
  return toChannel(row, (await modelsOf(db, [id])).get(id) ?? []);
}

/** 400 naming the models the catalogue does not have; 409 when another channel has the name. */
async function checkInput(db: Db, input: ChannelPatchBody, id?: number) {
  if (input.models?.length) {
    const names = input.models.map((m) => m.model_name);
    const known = new Set(
      (await db.select({ name: models.modelName }).from(models).where(inArray(models.modelName, names))).map(
        (m) => m.name,
      ),
    );
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length)
      throw new ApiError("bad_request", `Not in the catalogue: ${unknown.join(", ")}`, {
        models: unknown.map((n) => `unknown model ${n}`),
      });
  }
  if (input.name !== undefined) {
    const [other] = await db.select({ id: channels.id }).from(channels).where(eq(channels.name, input.name));
    if (other && other.id !== id)
      throw new ApiError("conflict", "Another channel has this name", { name: ["already taken"] });
  }
}

async function replaceModels(db: Db, channelId: number, served: ChannelModel[]) {
  await db.delete(channelModels).where(eq(channelModels.channelId, channelId));
  if (served.length)
    await db
      .insert(channelModels)
      .values(served.map((m) => ({ channelId, modelName: m.model_name, providerModelId: m.provider_model_id })));
}

type Audited<T> = { result: T; audit: { action: string; target: string; before: unknown; after: unknown } };

/** A new channel (run inside the audit's transaction). */
export async function createChannel(db: Db, input: ChannelCreateBody): Promise<Audited<Channel>> {
  await checkInput(db, input);
  const [row] = await db
    .insert(channels)
    .values({
      name: input.name,
      baseUrl: input.base_url,
      apiKey: input.api_key,
      priority: input.priority,
      enabled: input.enabled,
      weight: input.weight ?? 1,
      prices: input.prices ?? {},
      createdAt: now(),
      updatedAt: now(),
    })
    .returning();
  await replaceModels(db, row.id, input.models);
  const after = await channelOrThrow(db, row.id);
  return { result: after, audit: { action: "channel.create", target: `channel:${row.id}`, before: null, after } };
}

/** The given fields changed (the key kept when none is given); a new key or address starts with a clean record. */
export async function updateChannel(db: Db, id: number, patch: ChannelPatchBody): Promise<Audited<Channel>> {
  const before = await channelOrThrow(db, id);
  await checkInput(db, patch, id);
  const endpointChanged = patch.api_key !== undefined || patch.base_url !== undefined;
  await db
    .update(channels)
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.base_url !== undefined && { baseUrl: patch.base_url }),
      ...(patch.api_key !== undefined && { apiKey: patch.api_key }),
      ...(patch.priority !== undefined && { priority: patch.priority }),
      // The operator's word ends the app's own disable: the probe job leaves the channel alone.
      ...(patch.enabled !== undefined && { enabled: patch.enabled, autoDisabledAt: null }),
      ...(patch.weight !== undefined && { weight: patch.weight }),
      ...(patch.prices !== undefined && { prices: patch.prices }),
      ...(endpointChanged && { consecutiveFailures: 0, cooldownUntil: null }),
      updatedAt: now(),
    })
    .where(eq(channels.id, id));
  if (patch.models) await replaceModels(db, id, patch.models);
  const after = await channelOrThrow(db, id);
  return { result: after, audit: { action: "channel.update", target: `channel:${id}`, before, after } };
}

export async function deleteChannel(db: Db, id: number): Promise<Audited<{ deleted: true }>> {
  const before = await channelOrThrow(db, id);
  await db.delete(channels).where(eq(channels.id, id));
  return {
    result: { deleted: true },
    audit: { action: "channel.delete", target: `channel:${id}`, before, after: null },
  };
}
