import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Backend } from "@/lib/server/storage/s3";
import { readStoredFile, storeFile } from "@/lib/server/storage";
import { isValidKey } from "@/lib/server/storage/keys";
import { startFakeS3, type FakeS3 } from "@/tests/fakes/s3";

const streamText = async (stream: ReadableStream<Uint8Array> | null) =>
  stream ? await new Response(stream).text() : null;

describe("storage - local folder", () => {
  it("stores under <prefix>/<yyyy>/<mm>/<uuid>.<ext> and reads the bytes back with their type", async () => {
    const { key } = await storeFile({
      data: Buffer.from("clip-bytes"),
      contentType: "video/mp4",
      prefix: "videos/results",
    });
    expect(key).toMatch(/^videos\/results\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
    const file = await readStoredFile(key);
    expect(file?.data.toString()).toBe("clip-bytes");
    expect(file?.contentType).toBe("video/mp4");
  });

  it("answers null for a missing file and for keys that try to leave the folder", async () => {
    expect(await readStoredFile("videos/2026/01/00000000-0000-0000-0000-000000000000.mp4")).toBeNull();
    for (const key of ["../secrets.json", "a/../../etc/passwd.txt", "/etc/passwd.txt", "a//b.mp4", "a/b"]) {
      expect(isValidKey(key)).toBe(false);
      expect(await readStoredFile(key)).toBeNull();
    }
  });

  it("refuses a prefix that is not a plain path", async () => {
    await expect(storeFile({ data: Buffer.from("x"), contentType: "image/png", prefix: "../up" })).rejects.toThrow(
      /prefix/,
    );
  });
});

describe("storage - S3-compatible bucket", () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3({ bucket: "media", accessKeyId: "AKIDTEST" });
  });
  afterAll(() => fake.close());

  it("PUTs with a SigV4 signature, then reads the whole object, a range, and its size", async () => {
    const s3 = createS3Backend({
      endpoint: fake.url,
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "AKIDTEST",
      secretAccessKey: "secret",
    });
    await s3.put("videos/2026/01/a.mp4", Buffer.from("0123456789"), "video/mp4");
    expect(fake.objects.get("videos/2026/01/a.mp4")?.contentType).toBe("video/mp4");
    expect(await s3.size("videos/2026/01/a.mp4")).toBe(10);
    expect(await streamText(await s3.read("videos/2026/01/a.mp4"))).toBe("0123456789");
    expect(await streamText(await s3.read("videos/2026/01/a.mp4", { start: 2, end: 4 }))).toBe("234");
    expect(await s3.size("videos/2026/01/missing.mp4")).toBeNull();
    expect(await s3.read("videos/2026/01/missing.mp4")).toBeNull();
  });

  it("fails loudly when the bucket refuses the credentials", async () => {
    const s3 = createS3Backend({
      endpoint: fake.url,
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "WRONG",
      secretAccessKey: "secret",
    });
    await expect(s3.put("x/a.png", Buffer.from("x"), "image/png")).rejects.toThrow(/403/);
  });
});
