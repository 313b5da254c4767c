import http from "node:http";
import { listenOnLoopback } from "./loopback";

// A loopback noise-removal endpoint as AUDIO_CLEANUP_URL describes it (docs/product/bot.md "AI models"): POST the
// raw audio bytes with X-Filename, answer 200 with the cleaned audio and its Content-Type.
// `mode = "fail"` answers 500; every request is recorded.

export const CLEANED_AUDIO = Buffer.concat([Buffer.from("OggS"), Buffer.from("cleaned by the fake")]);

export type FakeAudioCleanup = {
  url: string;
  mode: "normal" | "fail";
  requests: { filename: string; contentType: string | undefined; size: number }[];
  close(): Promise<void>;
};

export async function startFakeAudioCleanup(): Promise<FakeAudioCleanup> {
  const fake: FakeAudioCleanup = { url: "", mode: "normal", requests: [], close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    fake.requests.push({
      filename: decodeURIComponent(String(req.headers["x-filename"] ?? "")),
      contentType: req.headers["content-type"],
      size: Buffer.concat(chunks).length,
    });
    if (req.method !== "POST" || fake.mode === "fail") return res.writeHead(500).end("cleanup failed");
    res.writeHead(200, { "content-type": "audio/ogg" }).end(CLEANED_AUDIO);
  });
  const loopback = await listenOnLoopback(server);
  fake.url = `${loopback.origin}/clean`;
  fake.close = loopback.close;
  return fake;
}
