import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { listenOnLoopback, sendJson } from "./loopback";

// A loopback fake of the Gemini API's Veo protocol: x-goog-api-key auth,
// POST /v1beta/models/{model}:predictLongRunning answering an operation, GET /v1beta/{name} polled
// until done (with a generated sample, an error, a safety-filtered empty response, or never), and the
// sample's file served at /v1beta/files/{id}:download (key required, as Google's is).

export type VeoOutcome = "succeed" | "fail" | "filtered" | "hang";
/** The predictLongRunning request body as the fake received it. */
export type VeoRequest = {
  instances: Array<{ prompt: string; image?: { mimeType: string; bytesBase64Encoded: string } }>;
  parameters?: Record<string, unknown>;
};
export type FakeVeoOperation = { name: string; model: string; body: VeoRequest; polls: number; outcome: VeoOutcome };
export type FakeVeo = {
  url: string;
  apiKey: string;
  outcome: VeoOutcome;
  operations: FakeVeoOperation[];
  close(): Promise<void>;
};

const CLIP = path.join(process.cwd(), "db", "assets", "sandbox-portrait.mp4");

export async function startFakeVeo({ apiKey = "google-test-key" }: { apiKey?: string } = {}): Promise<FakeVeo> {
  const fake: FakeVeo = { url: "", apiKey, outcome: "succeed", operations: [], close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.headers["x-goog-api-key"] !== apiKey) {
      return sendJson(res, 403, { error: { code: 403, message: "API key not valid.", status: "PERMISSION_DENIED" } });
    }
    const url = new URL(req.url!, "http://x");
    const start = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(url.pathname);
    if (req.method === "POST" && start) {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as VeoRequest;
      if (!body.instances?.[0]?.prompt)
        return sendJson(res, 400, { error: { code: 400, message: "prompt is required", status: "INVALID_ARGUMENT" } });
      const operation: FakeVeoOperation = {
        name: `models/${start[1]}/operations/${crypto.randomUUID()}`,
        model: start[1],
        body,
        polls: 0,
        outcome: fake.outcome,
      };
      fake.operations.push(operation);
      return sendJson(res, 200, { name: operation.name });
    }
    if (req.method === "GET" && /^\/v1beta\/files\/[^/]+:download$/.test(url.pathname)) {
      res.writeHead(200, { "content-type": "video/mp4" }).end(fs.readFileSync(CLIP));
      return;
    }
    const operation = fake.operations.find((o) => url.pathname === `/v1beta/${o.name}`);
    if (req.method === "GET" && operation) {
      operation.polls += 1;
      if (operation.polls < 2 || operation.outcome === "hang") return sendJson(res, 200, { name: operation.name });
      if (operation.outcome === "fail")
        return sendJson(res, 200, { name: operation.name, done: true, error: { code: 13, message: "Internal error" } });
      if (operation.outcome === "filtered") {
        return sendJson(res, 200, {
          name: operation.name,
          done: true,
          response: {
            "@type": "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse",
            generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: ["Unsafe content"] },
          },
        });
      }
      const uri = `${fake.url}/v1beta/files/${crypto.randomUUID()}:download?alt=media`;
      return sendJson(res, 200, {
        name: operation.name,
        done: true,
        response: { generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
      });
    }
    sendJson(res, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
  });
  const loopback = await listenOnLoopback(server);
  fake.url = loopback.origin;
  fake.close = loopback.close;
  return fake;
}
