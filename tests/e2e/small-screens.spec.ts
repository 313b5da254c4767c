import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

// At 320 px, the narrowest phone the app is made for: no screen scrolls sideways and no name is
// broken inside a word ("YandexGP T"); a word too long for its line may only be cut with an ellipsis.
test.use({ viewport: { width: 320, height: 640 } });

/** The words of visible text laid out over more than one line: a name broken mid-word. */
const brokenWords = () =>
  [...document.querySelectorAll<HTMLElement>("main *, .app-column *")]
    .flatMap((el) => [...el.childNodes].filter((n): n is Text => n.nodeType === Node.TEXT_NODE))
    .flatMap((node) => {
      const words: string[] = [];
      for (const match of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        // A break at a hyphen or a soft hyphen is a hyphenation, not a broken word.
        if (tops.size > 1 && !/[-\u00ad]/.test(match[0])) words.push(match[0]);
      }
      return words;
    });

for (const lang of ["ru", "en"] as const)
  for (const [name, path, ready] of [
    ["home", "/", "[data-testid=greeting]"],
    ["text assistants", "/text-assistants", "[data-testid=category-coding]"],
    ["tariffs", "/tariff", "[data-testid=tariff-choose]"],
    ["custom tariff", "/CreateTariff", "main"],
    ["models of the coding assistants", "/assistant-category/coding", "main"],
  ] as const)
    test(`${name} fits 320 px (${lang}): nothing scrolls sideways, no word is broken`, async ({ page }) => {
      await openApp(page, { lang, hash: path });
      await page.locator(ready).first().waitFor();
      await expect(page.locator(".page-spinner, [aria-busy=true]")).toHaveCount(0);
      await screenshot(page, `w320-${lang}${path.replaceAll("/", "-")}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      expect(await page.evaluate(brokenWords)).toEqual([]);
    });

// The model lists: the inline picker on Home and an assistant's model sheet show long names
// ("YandexGPT 5 Pro") whole, each on its line.
for (const lang of ["ru", "en"] as const) {
  test(`Home's model picker fits 320 px (${lang}): no model name is broken`, async ({ page }) => {
    await openApp(page, { lang });
    await page.getByTestId("card-new-dialog").locator(".card__cover").click();
    await page.locator(".model-row:not(.model-row--skeleton)").first().waitFor();
    await screenshot(page, `w320-${lang}-home-model-picker`);
    expect(await page.evaluate(brokenWords)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test(`an assistant's model sheet fits 320 px (${lang}): no model name is broken`, async ({ page }) => {
    await openApp(page, { lang, hash: "/text-assistants" });
    await page.getByTestId("category-coding").click();
    await page.locator("[data-testid^=start-]").first().click();
    const sheet = page.getByTestId("model-modal");
    await sheet.locator(".model-row:not(.model-row--skeleton)").first().waitFor();
    // The picture is of the sheet where it stays, not halfway through sliding up.
    await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, `w320-${lang}-assistant-model-sheet`, { fullPage: false });
    expect(await page.evaluate(brokenWords)).toEqual([]);
    // The sheet is fixed to the screen, so nothing scrolls: every row must end inside it.
    const rightEdges = await sheet
      .locator(".model-row")
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().right));
    for (const right of rightEdges) expect(right).toBeLessThanOrEqual(320);
  });
}
