import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { listenOnLoopback, sendJson } from "./loopback";

// A loopback fake of Runway's developer API (https://docs.dev.runwayml.com/api): bearer auth plus
// the X-Runway-Version header, POST /v1/{text,image,video}_to_video creating a task, GET
// /v1/tasks/{id} moving PENDING → RUNNING → SUCCEEDED (or FAILED, or RUNNING forever), DELETE
// /v1/tasks/{id} cancelling, and the output served from the fake itself, like Runway's expiring URLs.

export type RunwayOutcome = "succeed" | "fail" | "hang";
export type FakeRunwayTask = {
  id: string;
  endpoint: string;
  body: Record<string, unknown>;
  polls: number;
  cancelled: boolean;
  outcome: RunwayOutcome;
};

export type FakeRunway = {
  url: string;
  apiKey: string;
  outcome: RunwayOutcome;
  tasks: FakeRunwayTask[];
  close(): Promise<void>;
};

const CLIP = path.join(process.cwd(), "db", "assets", "sandbox-landscape.mp4");

export async function startFakeRunway({ apiKey = "key_test_runway" }: { apiKey?: string } = {}): Promise<FakeRunway> {
  const fake: FakeRunway = { url: "", apiKey, outcome: "succeed", tasks: [], close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url!, "http://x");
    if (req.method === "GET" && url.pathname.startsWith("/outputs/")) {
      res.writeHead(200, { "content-type": "video/mp4" }).end(fs.readFileSync(CLIP));
      return;
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return sendJson(res, 401, { error: "Unauthorized" });
    if (!req.headers["x-runway-version"]) return sendJson(res, 400, { error: "X-Runway-Version header is required" });

    const create = /^\/v1\/(text_to_video|image_to_video|video_to_video)$/.exec(url.pathname);
    if (req.method === "POST" && create) {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      if (!body.model) return sendJson(res, 400, { error: "model is required" });
      if (create[1] === "image_to_video" && !String(body.promptImage ?? "").startsWith("data:image/"))
        return sendJson(res, 400, { error: "promptImage is invalid" });
      if (create[1] === "video_to_video" && !String(body.videoUri ?? "").startsWith("data:video/"))
        return sendJson(res, 400, { error: "videoUri is invalid" });
      const task: FakeRunwayTask = {
        id: crypto.randomUUID(),
        endpoint: create[1],
        body,
        polls: 0,
        cancelled: false,
        outcome: fake.outcome,
      };
      fake.tasks.push(task);
      return sendJson(res, 200, { id: task.id, estimatedCost: { credits: 10 } });
    }
    const taskPath = /^\/v1\/tasks\/([0-9a-f-]+)$/.exec(url.pathname);
    const task = taskPath && fake.tasks.find((t) => t.id === taskPath[1]);
    if (taskPath && !task) return sendJson(res, 404, { error: "Task not found" });
    if (task && req.method === "DELETE") {
      task.cancelled = true;
      res.writeHead(204).end();
      return;
    }
    if (task && req.method === "GET") {
      task.polls += 1;
      const createdAt = new Date().toISOString();
      if (task.polls === 1) return sendJson(res, 200, { id: task.id, status: "PENDING", createdAt });
      if (task.outcome === "hang" || task.polls === 2)
        return sendJson(res, 200, { id: task.id, status: "RUNNING", createdAt, progress: 0.5 });
      if (task.outcome === "fail") {
        return sendJson(res, 200, {
          id: task.id,
          status: "FAILED",
          createdAt,
          failure: "Content moderation",
          failureCode: "SAFETY.INPUT.TEXT",
        });
      }
      return sendJson(res, 200, {
        id: task.id,
        status: "SUCCEEDED",
        createdAt,
        output: [`${fake.url}/outputs/${task.id}.mp4?_jwt=expiring`],
      });
    }
    sendJson(res, 404, { error: "Not found" });
  });
  const loopback = await listenOnLoopback(server);
  fake.url = loopback.origin;
  fake.close = loopback.close;
  return fake;
}
