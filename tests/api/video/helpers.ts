import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { quotas, videoJobs } from "@/db/schema";
import { POST } from "@/app/api/video/generate/route";
import { call, signIn } from "../../helpers/api";
import { subscribe } from "../../helpers/subscribe";

export const fixture = (name: string) => fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", name));

/** A signed-in user on a tariff (Neuro Basic opens every video model) with a video balance. */
export async function videoUser({ tariff = "Neuro Basic", balance = 200 }: { tariff?: string; balance?: number } = {}) {
  const user = await signIn();
  if (tariff !== "Free") await subscribe({ userId: user.userId, tariff });
  const db = await getDb();
  await db.update(quotas).set({ videoTokens: balance }).where(eq(quotas.userId, user.userId));
  return user;
}

export async function videoBalance(userId: number): Promise<number> {
  const db = await getDb();
  return (await db.select().from(quotas).where(eq(quotas.userId, userId)))[0].videoTokens;
}

export async function jobsOf(userId: number) {
  const db = await getDb();
  return db.select().from(videoJobs).where(eq(videoJobs.userId, userId));
}

export type GenerateInput = Partial<Record<"prompt" | "model_name" | "action" | "format_key" | "duration", string>> & {
  image?: { data: Buffer; name: string; type?: string };
  video?: { data: Buffer; name: string; type?: string };
};

/** An image-to-video request for gen4_turbo with a real PNG, overridable field by field. */
export function generateForm(input: GenerateInput = {}): FormData {
  const fields = {
    prompt: "The camera slowly pans across the scene",
    model_name: "gen4_turbo",
    action: "image_to_video",
    format_key: "landscape",
    duration: "5",
    ...input,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.set(name, value);
  }
  const image = "image" in input ? input.image : { data: fixture("photo.png"), name: "photo.png", type: "image/png" };
  if (image)
    form.set(
      "image",
      new Blob([new Uint8Array(image.data)], { type: image.type ?? "application/octet-stream" }),
      image.name,
    );
  if (input.video)
    form.set(
      "video",
      new Blob([new Uint8Array(input.video.data)], { type: input.video.type ?? "video/mp4" }),
      input.video.name,
    );
  return form;
}

export const generate = (token: string, form: FormData, headers: Record<string, string> = {}) =>
  call(POST, "POST", "/api/video/generate", { token, rawBody: form, headers });
