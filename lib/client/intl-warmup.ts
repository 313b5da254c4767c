// The engine's number, plural and date formatting data, loaded on a worker thread while the page starts
// (docs/decisions/0512-intl-data-warmed-off-the-main-thread.md). The first Intl.NumberFormat or
// DateTimeFormat a page makes initialises that data for the whole renderer process: measured in Chromium,
// 50 ms, and 140–210 ms under Lighthouse's 4× CPU throttle, inside whichever task first formats a number
// (on Home, the render that fills in the account). Made first on a worker, the main thread's first one
// takes under 5 ms. The page's inline script sends this function as its source text, so it uses nothing
// but its argument and the browser; where a worker cannot start, nothing happens and the page pays as before.

export function warmIntlOffMainThread(locales: string[]): void {
  try {
    const source =
      `for (const locale of ${JSON.stringify(locales)}) {` +
      "new Intl.NumberFormat(locale).format(1);new Intl.PluralRules(locale).select(1);new Intl.DateTimeFormat(locale).format(0)" +
      "}postMessage(0)";
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const worker = new Worker(url);
    const done = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
    worker.onmessage = done;
    worker.onerror = done;
  } catch {}
}
