import { describe, expect, it } from "vitest";
import { call } from "../../helpers/api";
import { botHarnessForFile } from "../bot/harness";

// ai_provider_calls_total counts every provider call the bot makes through its channels, whatever
// came of it, as the log's "model call" lines do (lib/server/metrics/provider-calls.ts).
const TOKEN = "metrics-token-0123456789abcdef";
const h = botHarnessForFile({ METRICS_TOKEN: TOKEN });

async function scrape(): Promise<string> {
  const { GET } = await import("@/app/api/metrics/route");
  const res = await call(GET, "GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.body as string;
}
const count = (text: string, outcome: string) =>
  Number(
    new RegExp(
      `^ai_provider_calls_total\\{operation="chatStream",model="gpt-4o-mini",outcome="${outcome}"\\} (\\d+)$`,
      "m",
    ).exec(text)?.[1] ?? 0,
  );

describe("ai_provider_calls_total", () => {
  it("counts a bot turn's answered model call and a failed one", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 100_000 } });
    const before = await scrape();
    await h.send(u.telegramId, { text: "hello?" });
    h.ai.mode = "fail500";
    await h.send(u.telegramId, { text: "and again?" });
    const after = await scrape();
    expect(count(after, "ok") - count(before, "ok")).toBe(1);
    expect(count(after, "error") - count(before, "error")).toBeGreaterThanOrEqual(1);
  });
});
