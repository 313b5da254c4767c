import "server-only";
import { GrammyError, type Api } from "grammy";
import { env, isDemoMode } from "@/lib/env";
import { getSecrets } from "@/lib/server/auth/secrets";
import { readStoredFile, storeFile } from "@/lib/server/storage";

// Files users send to the bot. Telegram hands them out in two steps: getFile answers a file_path,
// then GET {BOT_API_BASE_URL}/file/bot<token>/<file_path> serves the bytes; bots may download at
// most 20 MB (https://core.telegram.org/bots/api#getfile). The demo chat has no Telegram: it stores
// an upload first and sends file_id "demo:<storage key>", which its transport answers with
// file_path = that key, so the bytes are read back from storage.

export const TELEGRAM_DOWNLOAD_LIMIT = 20 * 1024 * 1024;
const DEMO_FILE_PREFIX = "demo:";

/** A file over the download limit: the user is told, nothing is fetched. */
export class FileTooLargeError extends Error {
  /** `size` is unknown when only getFile's refusal told. */
  constructor(readonly size?: number) {
    super(
      `The file has ${size ?? "more than the limit of"} bytes; bots may download at most ${TELEGRAM_DOWNLOAD_LIMIT}`,
    );
    this.name = "FileTooLargeError";
  }
}

/** A downloaded file; `storedKey` is set when it already lives in storage (the demo chat's uploads). */
export type DownloadedFile = { data: Buffer; filePath: string; storedKey?: string };

/**
 * The bytes of a file a user sent. `size` is the message's file_size: a file known to be too large
 * is refused before getFile; one whose size the message left out is refused by getFile itself
 * ("Bad Request: file is too big").
 */
export async function downloadTelegramFile({
  api,
  fileId,
  size,
  signal,
}: {
  api: Api;
  fileId: string;
  size?: number;
  signal?: AbortSignal;
}): Promise<DownloadedFile> {
  if (size !== undefined && size > TELEGRAM_DOWNLOAD_LIMIT) throw new FileTooLargeError(size);
  const file = await api.getFile(fileId).catch((error: unknown) => {
    if (error instanceof GrammyError && /file is too big/i.test(error.description)) throw new FileTooLargeError(size);
    throw error;
  });
  if (file.file_size !== undefined && file.file_size > TELEGRAM_DOWNLOAD_LIMIT)
    throw new FileTooLargeError(file.file_size);
  if (!file.file_path) throw new Error(`getFile answered no file_path for ${fileId}`);

  if (isDemoMode() && fileId.startsWith(DEMO_FILE_PREFIX)) {
    const stored = await readStoredFile(file.file_path);
    if (!stored) throw new Error(`The demo upload ${file.file_path} is not in storage`);
    return { data: stored.data, filePath: file.file_path, storedKey: file.file_path };
  }

  const url = `${env.BOT_API_BASE_URL.replace(/\/+$/, "")}/file/bot${getSecrets().botToken}/${file.file_path}`;
  const res = await fetch(url, { signal: signal ?? AbortSignal.timeout(60_000) });
  // The token is part of the URL, so errors name the file_path only.
  if (!res.ok) throw new Error(`Downloading ${file.file_path} from Telegram failed: ${res.status}`);
  return { data: Buffer.from(await res.arrayBuffer()), filePath: file.file_path };
}

/** The storage key to keep a user's file under in history (a demo upload is already stored). */
export async function keepUserFile({
  file,
  contentType,
}: {
  file: DownloadedFile;
  contentType: string;
}): Promise<string> {
  if (file.storedKey) return file.storedKey;
  return (await storeFile({ data: file.data, contentType, prefix: "bot/in" })).key;
}

/** Stores a model's result for history. */
export async function keepResultFile({ data, contentType }: { data: Buffer; contentType: string }): Promise<string> {
  return (await storeFile({ data, contentType, prefix: "bot/out" })).key;
}
