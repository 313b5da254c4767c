import "server-only";
import crypto from "node:crypto";
import { storedFileQuerySchema } from "@/lib/contracts/files";
import { env } from "@/lib/env";
import { getSecrets } from "@/lib/server/auth/secrets";
import { publicUrl } from "@/lib/server/http/public-url";

// Stored files are reached by capability URLs: whoever holds an unexpired, correctly signed link may
// read that one file, so <video>/<img> tags and the messenger need no bearer header.
const signingKey = () =>
  env.FILES_SIGNING_SECRET ??
  crypto.createHmac("sha256", getSecrets().jwtSecret).update("stored-file-links").digest("hex");

const signatureOf = (key: string, exp: number) =>
  crypto.createHmac("sha256", signingKey()).update(`${key}\n${exp}`).digest("base64url");

/** `/api/files/<key>?exp=&sig=`, or the same under the public URL with `absolute` (for the messenger). */
export function signedFileUrl(
  key: string,
  {
    ttlSeconds = env.FILE_URL_TTL_SECONDS,
    absolute = false,
    now = Date.now(),
  }: { ttlSeconds?: number; absolute?: boolean; now?: number } = {},
): string {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const path = `/api/files/${key}?exp=${exp}&sig=${signatureOf(key, exp)}`;
  return absolute ? `${publicUrl()}${path}` : path;
}

/** "ok", or why the link is refused: a wrong signature or a past expiry. */
export function checkFileSignature({
  key,
  exp,
  sig,
  now = Date.now(),
}: {
  key: string;
  exp: string | null;
  sig: string | null;
  now?: number;
}): "ok" | "invalid" | "expired" {
  if (!exp || !sig || !storedFileQuerySchema.safeParse({ exp, sig }).success) return "invalid";
  const expected = Buffer.from(signatureOf(key, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return "invalid";
  return Number(exp) * 1000 < now ? "expired" : "ok";
}
