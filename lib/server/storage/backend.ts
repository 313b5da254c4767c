/** An inclusive byte range, as HTTP Range headers count. */
export type ByteRange = { start: number; end: number };

/** Where stored bytes live: the local folder or an S3-compatible bucket. */
export type StorageBackend = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The file's bytes (or one range of them) as a stream, or null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Deletes the file; nothing stored under the key is not an error. */
  remove(key: string): Promise<void>;
};
