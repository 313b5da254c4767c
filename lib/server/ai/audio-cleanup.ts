import { spawn } from "node:child_process";

// Speech band only, then FFT denoise; loudnorm keeps quiet recordings audible after the cut.
const FILTERS = "highpass=f=80,lowpass=f=8000,afftdn=nf=-25,loudnorm";

/**
 * Noise removal. With a cleanup endpoint: POST the raw audio bytes (Content-Type from the
 * file name, header X-Filename), expect 200 with the cleaned audio as the body and its
 * Content-Type. Without one: the ffmpeg filter chain above, answering OGG/Opus (what
 * Telegram plays as a voice message).
 */
export async function cleanAudio(o: {
  audio: Buffer;
  filename: string;
  signal: AbortSignal;
  url?: string;
  timeoutMs: number;
}) {
  if (o.url) return cleanThroughEndpoint({ ...o, url: o.url });
  return runFfmpeg({
    input: o.audio,
    // -vn: a video's picture is dropped, only its sound is cleaned.
    args: ["-vn", "-af", FILTERS, "-c:a", "libopus", "-b:a", "48k", "-f", "ogg"],
    signal: o.signal,
  }).then((data) => ({ data, contentType: "audio/ogg" }));
}

/** Audio re-encoded as OGG/Opus, what Telegram plays as a voice message (the sandbox's spoken answers). */
export const encodeOpus = ({ audio, signal }: { audio: Buffer; signal: AbortSignal }) =>
  runFfmpeg({ input: audio, args: ["-vn", "-c:a", "libopus", "-b:a", "48k", "-f", "ogg"], signal });

async function cleanThroughEndpoint(o: {
  audio: Buffer;
  filename: string;
  signal: AbortSignal;
  url: string;
  timeoutMs: number;
}) {
  const res = await fetch(o.url, {
    method: "POST",
    body: new Uint8Array(o.audio),
    headers: { "Content-Type": "application/octet-stream", "X-Filename": encodeURIComponent(o.filename) },
    signal: AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]),
  });
  if (!res.ok) throw new Error(`Audio cleanup endpoint answered ${res.status}`);
  return { data: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get("content-type") ?? "audio/ogg" };
}

/** Pipes `input` through the bundled ffmpeg binary (no apt package needed) and returns stdout. */
async function runFfmpeg(o: { input: Buffer; args: string[]; signal: AbortSignal }): Promise<Buffer> {
  // Loaded on first use: the installer throws at import on a platform it has no binary for.
  const { path: ffmpegPath } = (await import("@ffmpeg-installer/ffmpeg")).default;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ["-hide_banner", "-loglevel", "error", "-i", "pipe:0", ...o.args, "pipe:1"], {
      signal: o.signal,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg failed (${code}): ${Buffer.concat(err).toString().slice(0, 500)}`));
    });
    child.stdin.on("error", () => undefined); // ffmpeg may close stdin early on bad input; close reports it
    child.stdin.end(o.input);
  });
}
