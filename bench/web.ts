// npm run bench:web - Home's first load on the built app (docs/performance.md). Builds nothing.
// Home is opened as the messenger opens it: the built app in production mode (APP_MODE=production, no demo
// endpoint; on a throwaway PGlite folder, since Home's load needs no other service: no Bot API or model call
// happens before the network is quiet), at `/#tgWebAppData=...` with launch data signed with the bot token the
// bench gives the app (tests/helpers/init-data.ts, as the end-to-end flows sign it), in a page that has the
// messenger apps' TelegramWebviewProxy (without a host that listens the app ignores the URL's launch data).
// Every load is a first visit (fresh storage), so sign-in runs and no account state is cached.
// It reports (1) the gzipped bytes of the scripts Home's HTML references, (2) the gzipped bytes of the scripts
// Chromium fetched until Home's greeting showed (and until the network went quiet), and whether
// @telegram-apps/sdk was among the first, (3) the main thread's long tasks and the greeting's paint (LCP) in
// Chromium under its own 4× CPU throttle (steadier than Lighthouse's simulated timings, which move by a few
// hundred ms between identical runs here), and (4) a Lighthouse mobile performance run on the same launch URL
// (through its Node API on a Puppeteer page, so the page has the webview proxy too), with its render-blocking
// and legacy-JavaScript findings and the transferred bytes of every script the load fetched. (2) and (3) are
// also measured on the Next floor's empty page (bench/next-floor.ts, the same Next version, built for the run):
// Home's goals are the empty page's heading + 150 ms for the greeting's paint, + 25 KB of script until the
// greeting and + 100 ms on the longest task; the blocking time after the first paint is reported beside them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import crypto from "node:crypto";
import { chromium, type Page } from "@playwright/test";
import puppeteer from "puppeteer-core";
import { SDK_MARKER, probeGreeting } from "../tests/e2e/greeting-probe";
import { WEBVIEW_PROXY_SCRIPT, launchHash, signedInitData } from "../tests/helpers/init-data";
import { APP_BASE, median, startApp, stopApp, waitForHealth } from "./built-app";
import { startNextFloor, type NextFloor } from "./next-floor";

const CHROME = process.env.BENCH_CHROME ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
type LighthouseResult = {
  lighthouseVersion: string;
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
};
const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const BOT_TOKEN = `1000000001:${crypto.randomBytes(24).toString("base64url")}`;
// A user without a username (the greeting then shows the first name) whose messenger speaks Russian, the
// default language, whose first-paint messages come with the page (an English first paint waits for its chunk).
const LAUNCH_HASH = launchHash(
  signedInitData({ first_name: "Bench", username: undefined, language_code: "ru" }, { token: BOT_TOKEN }),
  { bg_color: "#ffffff", text_color: "#000000" },
);

/** What a page is given before its scripts run: on the app, the messenger's webview proxy. */
async function asMessenger(page: Page, base: string) {
  if (base === APP_BASE) await page.addInitScript(WEBVIEW_PROXY_SCRIPT);
}
/** The app's page opened with the launch data; the floor's empty page as it is. */
const pageUrl = (base: string) => (base === APP_BASE ? `${base}/${LAUNCH_HASH}` : `${base}/`);

async function htmlScripts(): Promise<{ count: number; gzipped: number }> {
  const html = await (await fetch(`${APP_BASE}/`)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  let gzipped = 0;
  for (const src of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(src, APP_BASE))).arrayBuffer());
    gzipped += zlib.gzipSync(body).length;
  }
  return { count: new Set(sources).size, gzipped };
}

/**
 * Gzipped script bytes requested before Home's greeting entered the page (what the first paint
 * needed; the page's own clock, so nothing requested just after it counts) and until the network
 * went quiet, in headless Chromium.
 */
async function greetingScripts(base: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const page = await browser.newPage();
    await asMessenger(page, base);
    const probe = await probeGreeting(page);
    await page.goto(pageUrl(base));
    await page.getByTestId("greeting").waitFor();
    await page.waitForLoadState("networkidle");
    const { greetedAt, scripts: fetched } = await probe.read();
    const scripts = fetched.map(({ body, requestedAt }) => ({
      gzipped: zlib.gzipSync(body).length,
      sdk: body.includes(SDK_MARKER),
      beforeGreeting: requestedAt < greetedAt,
    }));
    const first = scripts.filter((s) => s.beforeGreeting);
    const sum = (list: typeof scripts) => list.reduce((total, s) => total + s.gzipped, 0);
    return {
      first: first.length,
      firstBytes: sum(first),
      sdkFirst: first.some((s) => s.sdk),
      sdkLater: scripts.some((s) => s.sdk && !s.beforeGreeting),
      all: scripts.length,
      allBytes: sum(scripts),
    };
  } finally {
    await browser.close();
  }
}

// Five: the longest task moved by up to 150 ms between single loads of one build here.
const THROTTLED_LOADS = 5;
/** What the page records for throttledLoads: each long task as [start, duration], and the last LCP candidate's time. */
type PageTimings = { tasks: [number, number][]; lcp: number };

/**
 * Home loaded THROTTLED_LOADS times with Chromium's CPU slowed 4× (as Lighthouse's mobile profile, but
 * real rather than simulated; no network throttle): the medians of the first contentful paint, the
 * greeting's paint (LCP), the longest task and the blocking time (each task's part over 50 ms, from
 * the first contentful paint until the network is quiet and 3 s more have passed).
 */
async function throttledLoads(base: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  const runs: { fcp: number; lcp: number; longest: number; blocking: number }[] = [];
  try {
    for (let i = 0; i < THROTTLED_LOADS; i++) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await asMessenger(page, base);
      await page.addInitScript(() => {
        const seen: PageTimings = { tasks: [], lcp: 0 };
        (window as { benchTimings?: PageTimings }).benchTimings = seen;
        new PerformanceObserver((list) =>
          list.getEntries().forEach((e) => seen.tasks.push([e.startTime, e.duration])),
        ).observe({ type: "longtask", buffered: true });
        new PerformanceObserver((list) => list.getEntries().forEach((e) => (seen.lcp = e.startTime))).observe({
          type: "largest-contentful-paint",
          buffered: true,
        });
      });
      await page.goto(pageUrl(base));
      await page.getByTestId("greeting").waitFor();
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(3000);
      const { tasks, lcp, fcp } = await page.evaluate(() => ({
        ...(window as unknown as { benchTimings: PageTimings }).benchTimings,
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
      }));
      // Only the part of a task after the first contentful paint counts, as in Lighthouse's TBT.
      const blocking = tasks.reduce(
        (sum, [start, duration]) => sum + Math.max(0, Math.min(duration, start + duration - fcp) - 50),
        0,
      );
      runs.push({ fcp, lcp, longest: Math.max(0, ...tasks.map(([, duration]) => duration)), blocking });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return {
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    longest: median(runs.map((r) => r.longest)),
    blocking: median(runs.map((r) => r.blocking)),
  };
}

type AuditDetails = {
  items?: { url?: string; wastedMs?: number; wastedBytes?: number; totalBytes?: number }[];
  overallSavingsMs?: number;
  overallSavingsBytes?: number;
};

/** An audit's finding as its savings and items (each item's URL and what it would save): none when it lists nothing. */
function finding(lhr: LighthouseResult, id: string): { none: boolean; text: string } {
  const audit = lhr.audits[id];
  if (!audit) return { none: true, text: "not in this Lighthouse" };
  const details = (audit.details ?? {}) as AuditDetails;
  const items = (details.items ?? []).filter((item) => item.url);
  if (!items.length) return { none: true, text: "none" };
  const savings = [
    details.overallSavingsMs !== undefined && `${Math.round(details.overallSavingsMs)} ms`,
    details.overallSavingsBytes !== undefined && KB(details.overallSavingsBytes),
  ].filter(Boolean);
  const listed = items.map((item) => {
    const saved = item.wastedMs !== undefined ? `${Math.round(item.wastedMs)} ms` : KB(item.wastedBytes ?? 0);
    return `${new URL(item.url!).pathname} (${saved})`;
  });
  return { none: false, text: `${savings.join(", ") || "savings not given"}: ${listed.join(", ")}` };
}

/** The HTML of the element Lighthouse took for the largest contentful paint (its audit's first node). */
function lcpElement(lhr: LighthouseResult): string {
  const found = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? {}).match(
    /"snippet":"((?:[^"\\]|\\.)*)"/,
  );
  return found ? `\`${JSON.parse(`"${found[1]}"`)}\`` : "not reported";
}

/**
 * Lighthouse's mobile performance run (its default: simulated slow 4G and 4× CPU) on Home's launch URL,
 * through its Node API on a Puppeteer page that has the webview proxy, as the throttled loads do.
 */
async function lighthouseRun(base: string): Promise<LighthouseResult> {
  const { default: lighthouse } = await import("lighthouse");
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: FLAGS.filter((flag) => flag !== "--headless"),
  });
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(WEBVIEW_PROXY_SCRIPT);
    const result = await lighthouse(
      `${base}/${LAUNCH_HASH}`,
      { onlyCategories: ["performance"], logLevel: "error" },
      undefined,
      page,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    return result.lhr as unknown as LighthouseResult;
  } finally {
    await browser.close();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-web-"));
  const loadBefore = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" / ");
  const app = startApp({
    DATABASE_URL: undefined,
    PGLITE_DIR: path.join(dir, "pglite"),
    DATA_DIR: dir,
    APP_MODE: "production",
    BOT_TOKEN,
    JWT_SECRET: crypto.randomBytes(32).toString("base64url"),
    PUBLIC_URL: APP_BASE,
    LOG_LEVEL: "warn",
  });
  let floor: NextFloor | undefined;
  try {
    await waitForHealth(app);
    await fetch(`${APP_BASE}/`); // first render of the page compiles nothing, but warms the server
    const html = await htmlScripts();
    const greeting = await greetingScripts(APP_BASE);
    const throttled = await throttledLoads(APP_BASE);
    floor = await startNextFloor({ port: Number(process.env.BENCH_FLOOR_PORT ?? 3291) });
    const emptyGreeting = await greetingScripts(floor.base);
    const emptyThrottled = await throttledLoads(floor.base);
    // The same Lighthouse run on the empty page: what Next and React alone score on this machine.
    const emptyLhr = await lighthouseRun(floor.base);
    await floor.stop();
    const lhr = await lighthouseRun(APP_BASE);
    // The whole report, for a look at where the time goes (the LCP's breakdown, the trace's own timings).
    if (process.env.BENCH_WEB_REPORT) fs.writeFileSync(process.env.BENCH_WEB_REPORT, JSON.stringify(lhr));
    const requests = (
      lhr.audits["network-requests"]?.details as {
        items: { resourceType?: string; transferSize?: number; url: string }[];
      }
    ).items;
    const scripts = requests.filter((r) => r.resourceType === "Script");
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const cpus = os.cpus();
    console.log(
      `${new Date().toISOString()} · ${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}, Lighthouse ${lhr.lighthouseVersion} mobile, ${CHROME}`,
    );
    console.log(
      `load average (1 / 5 / 15 min): ${loadBefore} before, ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(" / ")} after`,
    );
    const within = (value: number, goal: number, show: (v: number) => string) =>
      `${show(value)} (goal ≤ ${show(goal)}: ${value <= goal ? "met" : "not met"})`;
    const msOf = (value: number) => `${Math.round(value)} ms`;
    console.log("| Home against an empty Next page | Home | empty page | Home's goal |");
    console.log("|---|---|---|---|");
    console.log(
      `| JS fetched until the greeting shows (gzip) | ${KB(greeting.firstBytes)} | ${KB(emptyGreeting.firstBytes)} | ${within(greeting.firstBytes, emptyGreeting.firstBytes + 25 * 1024, KB)} |`,
    );
    console.log(
      `| longest task, 4× CPU throttle, median of ${THROTTLED_LOADS} | ${msOf(throttled.longest)} | ${msOf(emptyThrottled.longest)} | ${within(throttled.longest, emptyThrottled.longest + 100, msOf)} |`,
    );
    console.log(
      `| blocking time after the first paint, 4× CPU throttle | ${msOf(throttled.blocking)} | ${msOf(emptyThrottled.blocking)} | reported |`,
    );
    console.log(
      `| greeting painted (LCP; the empty page: its heading), 4× CPU throttle, median of ${THROTTLED_LOADS} | ${msOf(throttled.lcp)} | ${msOf(emptyThrottled.lcp)} | ${within(throttled.lcp, emptyThrottled.lcp + 150, msOf)} |`,
    );
    console.log("");
    console.log("| measure | value | goal |");
    console.log("|---|---|---|");
    console.log(`| JS referenced by Home's HTML (${html.count} files, gzip) | ${KB(html.gzipped)} | ≤ 140 KB |`);
    console.log(
      `| JS fetched until the greeting shows (${greeting.first} files, gzip) | ${KB(greeting.firstBytes)} | ≤ 140 KB |`,
    );
    console.log(
      `| @telegram-apps/sdk among them | ${greeting.sdkFirst ? "yes" : greeting.sdkLater ? "no (loaded after)" : "no"} | no |`,
    );
    console.log(`| JS fetched until the network is quiet (${greeting.all} files, gzip) | ${KB(greeting.allBytes)} | |`);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `| Chromium, 4× CPU throttle, median of ${THROTTLED_LOADS}: FCP / greeting (LCP) | ${ms(throttled.fcp)} / ${ms(throttled.lcp)} | |`,
    );
    console.log(
      `| Chromium, 4× CPU throttle, median of ${THROTTLED_LOADS}: longest task / blocking time | ${ms(throttled.longest)} / ${ms(throttled.blocking)} | |`,
    );
    console.log(
      `| JS fetched by the Lighthouse load (${scripts.length} files, transferred) | ${KB(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0))} | ≤ 140 KB |`,
    );
    const scoreOf = (result: LighthouseResult) => Math.round((result.categories.performance.score ?? 0) * 100);
    const performanceScore = scoreOf(lhr);
    const lcp = numeric("largest-contentful-paint");
    const metOr = (met: boolean) => (met ? "met" : "not met");
    console.log(`| Lighthouse performance | ${performanceScore} | ≥ 98: ${metOr(performanceScore >= 98)} |`);
    console.log(
      `| Lighthouse on the empty Next page: performance / TBT / LCP | ${scoreOf(emptyLhr)} / ${Math.round(emptyLhr.audits["total-blocking-time"]?.numericValue ?? NaN)} ms / ${((emptyLhr.audits["largest-contentful-paint"]?.numericValue ?? NaN) / 1000).toFixed(2)} s | reference |`,
    );
    console.log(`| LCP | ${(lcp / 1000).toFixed(2)} s | ≤ 1.2 s: ${metOr(lcp <= 1200)} |`);
    console.log(`| LCP element | ${lcpElement(lhr)} | |`);
    for (const [id, goal] of [
      ["render-blocking-resources", "no render-blocking CSS"],
      ["render-blocking-insight", "no render-blocking CSS"],
      ["legacy-javascript", "no legacy JavaScript"],
      ["legacy-javascript-insight", "no legacy JavaScript"],
    ] as const) {
      const found = finding(lhr, id);
      console.log(`| Lighthouse ${id} | ${found.text} | ${goal}: ${metOr(found.none)} |`);
    }
    console.log(`| TBT | ${Math.round(numeric("total-blocking-time"))} ms | ≤ 200 ms |`);
    console.log(`| CLS | ${numeric("cumulative-layout-shift").toFixed(3)} | 0 |`);
    console.log(`| FCP | ${(numeric("first-contentful-paint") / 1000).toFixed(2)} s | |`);
    // What the unthrottled load itself showed; the figures above are Lighthouse's simulation of a slow phone.
    const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
    console.log(
      `| observed FCP / LCP (the load itself, unthrottled) | ${observed?.observedFirstContentfulPaint ?? "?"} ms / ${observed?.observedLargestContentfulPaint ?? "?"} ms | |`,
    );
  } finally {
    await stopApp(app);
    await floor?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
