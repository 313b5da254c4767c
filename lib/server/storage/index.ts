import "server-only";
import { env } from "@/lib/env";
import type { StorageBackend } from "./backend";
import { contentTypeOf, isValidKey, newKey } from "./keys";
import { createLocalBackend } from "./local";
import { createS3Backend } from "./s3";

export { signedFileUrl, checkFileSignature } from "./signing";
export { contentTypeOf, isValidKey } from "./keys";
export type { ByteRange } from "./backend";

let backend: StorageBackend | undefined;

/** The bucket when S3_BUCKET is set, otherwise the STORAGE_DIR folder. */
export function getStorage(): StorageBackend {
  if (backend) return backend;
  const { S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = env;
  if (S3_BUCKET) {
    if (!S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      throw new Error("S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    }
    backend = createS3Backend({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
  } else {
    backend = createLocalBackend(env.STORAGE_DIR);
  }
  return backend;
}

/** Stores bytes under a new unguessable key `<prefix>/<yyyy>/<mm>/<uuid>.<ext>`. */
export async function storeFile({
  data,
  contentType,
  prefix,
}: {
  data: Buffer;
  contentType: string;
  prefix: string;
}): Promise<{ key: string }> {
  const key = newKey({ prefix, contentType });
  await getStorage().put(key, data, contentTypeOf(key));
  return { key };
}

/** The whole file, or null when the key is malformed or nothing is stored under it. */
export async function readStoredFile(key: string): Promise<{ data: Buffer; contentType: string } | null> {
  if (!isValidKey(key)) return null;
  const stream = await getStorage().read(key);
  if (!stream) return null;
  return { data: Buffer.from(await new Response(stream).arrayBuffer()), contentType: contentTypeOf(key) };
}
