// A photo's width and height from its header (PNG IHDR, JPEG start-of-frame, WebP VP8/VP8L/VP8X),
// for the PhotoSize Telegram puts in a photo message; 0×0 when the header is not understood.
export function imageSize(data: Buffer): { width: number; height: number } {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47)
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) return jpegSize(data);
  if (data.length >= 30 && data.toString("ascii", 0, 4) === "RIFF" && data.toString("ascii", 8, 12) === "WEBP")
    return webpSize(data);
  return { width: 0, height: 0 };
}

function jpegSize(data: Buffer) {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) break;
    const marker = data[at + 1];
    const length = data.readUInt16BE(at + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return { width: 0, height: 0 };
}

function webpSize(data: Buffer) {
  const chunk = data.toString("ascii", 12, 16);
  if (chunk === "VP8 ") return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  return { width: 0, height: 0 };
}
