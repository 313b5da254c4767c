import "server-only";
import { AwsClient } from "aws4fetch";
import type { StorageBackend } from "./backend";

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** An S3-compatible bucket (AWS, MinIO, R2, Yandex Object Storage) through SigV4-signed fetch, path-style. */
export function createS3Backend(config: S3Config): StorageBackend {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  });
  const urlOf = (key: string) => `${config.endpoint.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}/${key}`;
  const fail = async (what: string, res: Response) => {
    throw new Error(`S3 ${what} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  };
  return {
    async put(key, data, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: "PUT",
        body: new Uint8Array(data),
        headers: { "content-type": contentType },
      });
      if (!res.ok) await fail("PUT", res);
    },
    async size(key) {
      const res = await client.fetch(urlOf(key), { method: "HEAD" });
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok) await fail("HEAD", res);
      return Number(res.headers.get("content-length") ?? 0);
    },
    async read(key, range) {
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
      const res = await client.fetch(urlOf(key), { headers });
      if (res.status === 404) return null;
      if (!res.ok) await fail("GET", res);
      return res.body;
    },
    async remove(key) {
      const res = await client.fetch(urlOf(key), { method: "DELETE" });
      // S3 answers 204 whether or not the key existed.
      if (!res.ok && res.status !== 404) await fail("DELETE", res);
    },
  };
}
