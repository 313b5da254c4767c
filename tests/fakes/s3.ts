import http from "node:http";
import type { AddressInfo } from "node:net";

// A loopback fake of the S3 object API, path-style (`/<bucket>/<key>`): PUT, GET (with Range) and
// HEAD, answering 403 unless the request carries a SigV4 Authorization header for the access key.

export type FakeS3 = {
  url: string;
  objects: Map<string, { data: Buffer; contentType: string }>;
  close(): Promise<void>;
};

export async function startFakeS3({ bucket, accessKeyId }: { bucket: string; accessKeyId: string }): Promise<FakeS3> {
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !req.headers["x-amz-date"]) {
      res.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    const path = decodeURIComponent(new URL(req.url!, "http://x").pathname);
    if (!path.startsWith(`/${bucket}/`)) {
      res.writeHead(404).end("<Error><Code>NoSuchBucket</Code></Error>");
      return;
    }
    const key = path.slice(bucket.length + 2);
    if (req.method === "PUT") {
      objects.set(key, {
        data: Buffer.concat(chunks),
        contentType: req.headers["content-type"] ?? "application/octet-stream",
      });
      res.writeHead(200, { etag: '"fake"' }).end();
      return;
    }
    if (req.method === "DELETE") {
      // As S3: 204 whether or not the key existed.
      objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    const object = objects.get(key);
    if (!object) {
      res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
      return;
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
    const data = range ? object.data.subarray(Number(range[1]), Number(range[2]) + 1) : object.data;
    res.writeHead(range ? 206 : 200, { "content-type": object.contentType, "content-length": String(data.length) });
    res.end(req.method === "HEAD" ? undefined : data);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
