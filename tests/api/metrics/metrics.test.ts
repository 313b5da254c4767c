import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn } from "../../helpers/api";

// GET /api/metrics: the Prometheus exposition behind METRICS_TOKEN, checked by Prometheus' own linter
// (promtool check metrics, Debian's "prometheus" package). Without promtool the check fails in CI
// and is skipped with a message on a developer's machine.
const TOKEN = "metrics-token-0123456789abcdef";
let metrics: any;
let statistic: any;

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN;
  metrics = (await import("@/app/api/metrics/route")).GET;
  statistic = (await import("@/app/api/user/statistic/route")).GET;
});

const scrape = (authorization?: string) =>
  call(metrics, "GET", "/api/metrics", { headers: authorization ? { authorization } : {} });
const promtool = spawnSync("promtool", ["--version"], { encoding: "utf8" });
const havePromtool = promtool.status === 0;
if (!havePromtool && process.env.CI !== "true") {
  console.warn(
    "promtool not found (apt-get install prometheus): the promtool check of GET /api/metrics is skipped on this machine",
  );
}

describe("route labels", () => {
  it("are route patterns: parameter values become their names", async () => {
    const { routePattern } = await import("@/lib/server/metrics/http");
    expect(routePattern("/api/history/sessions/12", { id: "12" })).toBe("/api/history/sessions/{id}");
    expect(routePattern("/api/files/a/b%20c.png", { key: "a/b c.png" })).toBe("/api/files/{key}");
    expect(routePattern("/api/user/statistic", {})).toBe("/api/user/statistic");
  });
});

describe("GET /api/metrics", () => {
  it("refuses a missing or wrong token (401)", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer wrong-token-0123456789abcdef")).status).toBe(401);
  });

  it("answers the text format with request, bot, provider, outbox, update, payment and unit series", async () => {
    const { token } = await signIn();
    await call(statistic, "GET", "/api/user/statistic", { token });
    // A turn and a provider call, as the bot and the OpenAI adapter report them.
    const { turnStarted, turnReacted, turnEnded } = await import("@/lib/server/metrics/bot-turns");
    turnStarted(1);
    turnReacted(1);
    turnEnded(1, "done");
    const { withProviderMetrics } = await import("@/lib/server/metrics/provider-calls");
    const { sandboxAiProvider } = await import("@/lib/server/demo/sandbox-ai");
    const counted = withProviderMetrics(sandboxAiProvider);
    for await (const part of counted.chatStream({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hi" }],
      signal: new AbortController().signal,
    }))
      void part;
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text: string = res.body;
    expect(text).toMatch(/^http_requests_total\{route="\/api\/user\/statistic",method="GET",status="200"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/api\/user\/statistic",method="GET"\} 1$/m);
    for (const name of [
      "bot_turn_first_reaction_seconds",
      "bot_turn_duration_seconds",
      "ai_provider_calls_total",
      "bot_outbox_backlog",
      "bot_updates_backlog",
      "app_payments",
      "app_units_spent_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^bot_outbox_backlog\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^bot_turn_first_reaction_seconds_count 1$/m);
    expect(text).toMatch(/^bot_turn_duration_seconds_count\{outcome="done"\} 1$/m);
    expect(text).toMatch(/^ai_provider_calls_total\{operation="chatStream",model="gpt-4o-mini",outcome="ok"\} 1$/m);
  });

  it.runIf(havePromtool || process.env.CI === "true")("passes promtool check metrics", async () => {
    expect(havePromtool, "promtool is required in CI (apt-get install prometheus)").toBe(true);
    const res = await scrape(`Bearer ${TOKEN}`);
    const check = spawnSync("promtool", ["check", "metrics"], { input: res.body, encoding: "utf8" });
    expect(check.stderr + check.stdout).toBe("");
    expect(check.status).toBe(0);
  });

  it.runIf(havePromtool || process.env.CI === "true")(
    "the Grafana dashboard's queries parse (promtool check rules) and use only series the app exports",
    async () => {
      const dashboard = JSON.parse(fs.readFileSync("docs/grafana-dashboard.json", "utf8"));
      const exprs: string[] = dashboard.panels.flatMap((p: { targets: Array<{ expr: string }> }) =>
        p.targets.map((t) => t.expr.replaceAll("$job", "app")),
      );
      const rules = `groups:\n  - name: dashboard\n    rules:\n${exprs.map((e, i) => `      - record: dashboard:q${i}\n        expr: ${JSON.stringify(e)}\n`).join("")}`;
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dash-")), "rules.yml");
      fs.writeFileSync(file, rules);
      const check = spawnSync("promtool", ["check", "rules", file], { encoding: "utf8" });
      expect(check.status, check.stderr + check.stdout).toBe(0);
      const exported: string = (await scrape(`Bearer ${TOKEN}`)).body;
      for (const name of new Set(exprs.flatMap((e) => e.match(/\b[a-z_]+(?=\{)/g) ?? []))) {
        expect(exported, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_(bucket|count|sum)$/, "")} `, "m"));
      }
    },
  );
});
