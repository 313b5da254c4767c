import { createHash } from "node:crypto";
import { PNG } from "pngjs";

/** A real 256×256 PNG: a diagonal gradient in the colour of the prompt's hash, so prompts differ visibly. */
export function sandboxPng(prompt: string): Buffer {
  const [r, g, b] = createHash("sha256").update(prompt).digest();
  const size = 256;
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const shade = 0.5 + (x + y) / (4 * size);
      png.data[i] = Math.round(r * shade);
      png.data[i + 1] = Math.round(g * shade);
      png.data[i + 2] = Math.round(b * shade);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A real mono 16-bit PCM WAV: a soft tone whose length follows the text (0.5–3 s). */
export function sandboxWav(text: string): Buffer {
  const rate = 16000;
  const seconds = Math.min(3, Math.max(0.5, text.length / 40));
  const samples = Math.round(rate * seconds);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write("data", 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 6000), 44 + i * 2);
  }
  return buf;
}
