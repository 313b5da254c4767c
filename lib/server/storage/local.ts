import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { StorageBackend } from "./backend";

/** Files under one folder; keys are already validated, and the resolved path is checked once more. */
export function createLocalBackend(root: string): StorageBackend {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error("Key escapes the storage folder");
    return file;
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.part`;
      await fs.promises.writeFile(temp, data);
      await fs.promises.rename(temp, file);
    },
    async size(key) {
      const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async read(key, range) {
      const file = fileOf(key);
      if ((await this.size(key)) === null) return null;
      const stream = fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
