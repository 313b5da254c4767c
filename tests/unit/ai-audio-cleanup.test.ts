import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { cleanAudio } from "@/lib/server/ai/audio-cleanup";
import { sandboxWav } from "@/lib/server/demo/sandbox-media";

describe("audio cleanup", () => {
  it("posts the audio to the cleanup endpoint and returns its answer", async () => {
    let received: { body: Buffer; filename?: string } | undefined;
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received = { body: Buffer.concat(chunks), filename: req.headers["x-filename"] as string };
      res.writeHead(200, { "content-type": "audio/wav" }).end(Buffer.from("CLEANED"));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clean`;
    try {
      const out = await cleanAudio({
        audio: Buffer.from("noisy"),
        filename: "my voice.ogg",
        signal: new AbortController().signal,
        url,
        timeoutMs: 2000,
      });
      expect(out).toEqual({ data: Buffer.from("CLEANED"), contentType: "audio/wav" });
      expect(received).toEqual({ body: Buffer.from("noisy"), filename: "my%20voice.ogg" });
    } finally {
      server.close();
    }
  });

  it("runs the bundled ffmpeg filter chain without an endpoint, and reports undecodable input", async () => {
    const out = await cleanAudio({
      audio: sandboxWav("a short recording"),
      filename: "rec.wav",
      signal: new AbortController().signal,
      timeoutMs: 2000,
    });
    expect(out.contentType).toBe("audio/ogg");
    expect(out.data.subarray(0, 4).toString()).toBe("OggS");
    await expect(
      cleanAudio({
        audio: Buffer.from("not audio"),
        filename: "x.ogg",
        signal: new AbortController().signal,
        timeoutMs: 2000,
      }),
    ).rejects.toThrow(/ffmpeg failed/);
  });
});
