import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { formatGroup } from "@/lib/shared/video/formats";
import { sleep, type VideoProvider } from "@/lib/server/video/providers/types";

// SANDBOX (demo mode only): no model is called. After a short pause it answers a real, playable
// 4-second test clip shipped in db/assets (made with ffmpeg's testsrc2) in the requested orientation.
export function createSandboxProvider({ delayMs }: { delayMs: number }): VideoProvider {
  return {
    name: "sandbox",
    async generate(request, signal) {
      await sleep(delayMs, signal);
      const file = path.join(process.cwd(), "db", "assets", `sandbox-${formatGroup(request.format)}.mp4`);
      return { data: await fs.readFile(file), contentType: "video/mp4", taskId: `sandbox-${Date.now()}` };
    },
  };
}
