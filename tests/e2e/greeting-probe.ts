import type { Page } from "@playwright/test";

// Shared by tests/e2e/first-paint.spec.ts and bench/web.ts: when Home's greeting entered the page and
// which scripts the load fetched, both by the page's own clock.

/** A string only @telegram-apps/sdk's bridge carries (its error for a missing environment): marks the SDK's chunk. */
export const SDK_MARKER = "Unable to retrieve launch parameters from any known source";

type ProbedScript = { url: string; body: Buffer; requestedAt: number };

/** Call before `page.goto`; `read()` once the page has loaded what should be counted. */
export async function probeGreeting(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="greeting"]')) return;
      (window as { greetedAt?: number }).greetedAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (res) => {
    // Fetched scripts only: a worker made from a blob (lib/client/intl-warmup.ts) has no body to read.
    if (res.request().resourceType() === "script" && /^https?:/.test(res.url())) bodies.set(res.url(), res.body());
  });
  return {
    /** When the greeting entered the page (Infinity if it never did) and every script fetched so far. */
    async read(): Promise<{ greetedAt: number; scripts: ProbedScript[] }> {
      const { greetedAt, requested } = await page.evaluate(() => ({
        greetedAt: (window as { greetedAt?: number }).greetedAt ?? Infinity,
        requested: performance.getEntriesByType("resource").map((entry) => ({ url: entry.name, at: entry.startTime })),
      }));
      const scripts = await Promise.all(
        [...bodies].map(async ([url, body]) => ({
          url,
          body: await body,
          requestedAt: requested.find((entry) => entry.url === url)?.at ?? 0,
        })),
      );
      return { greetedAt, scripts };
    },
  };
}
