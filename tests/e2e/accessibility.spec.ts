import { expect, test } from "./fixtures";
import { screenshot, seriousViolations } from "./helpers";
import { fixtures, screenRows, showScreen } from "./screens";

// Every screen of the screen table passes axe-core with no critical or serious violation, in the light
// and the dark theme, in Russian and in English; so does the operator console, each tab; and two screens
// hold their layout at 200 % zoom (docs/product/screens.md#accessibility).
let nextUser = 970_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

for (const lang of ["ru", "en"] as const)
  for (const theme of ["light", "dark"] as const) {
    test(`no critical or serious axe violation on any screen (${lang}, ${theme})`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const userId = nextUser++;
      const rows = Object.entries(screenRows(await fixtures(request, userId, lang)));
      const demo = new URLSearchParams({ demo_user: String(userId), demo_lang: lang, demo_theme: theme });
      await page.goto(`/?${demo}#/`);
      await page.getByTestId("header-tariff").waitFor();
      const found: Record<string, string[]> = {};
      for (const [name, row] of rows) {
        await showScreen(page, row.path, demo);
        await page.locator(row.ready).first().waitFor();
        await expect(page.locator(".page-spinner, [aria-busy=true]")).toHaveCount(0);
        const violations = await seriousViolations(page);
        if (violations.length) found[name] = violations;
      }
      // The bell's sheet lies over every screen.
      await page.getByTestId("header-bell").click();
      await page.getByTestId("notifications").waitFor();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      // Its title follows whatever screen lies under it (the sheet is at the page's end): an h2 fits under each.
      await expect(page.getByTestId("notifications").getByRole("heading", { level: 2 })).toBeVisible();
      const bell = await seriousViolations(page);
      if (bell.length) found.notifications = bell;
      expect(found).toEqual({});
    });
  }

test("the page lets people zoom: the viewport sets no maximum scale and allows user scaling", async ({ page }) => {
  await page.goto(`/?demo_user=${nextUser++}#/`);
  const viewport = await page.locator("meta[name=viewport]").getAttribute("content");
  expect(viewport).not.toMatch(/maximum-scale|user-scalable/);
});

test("a thread with a long code line, a wide table and a link: the scroll areas take focus, the link is underlined, axe passes", async ({
  page,
  request,
}) => {
  const userId = nextUser++;
  const { initData } = await (await request.get(`/api/demo/init-data?user=${userId}&lang=en`)).json();
  const { jwtToken } = await (await request.post("/api/auth/telegram-login", { data: { initData } })).json();
  const longLine = `const answer = [${Array.from({ length: 40 }, (_, i) => i).join(", ")}];`;
  const table = `| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| ${"wide cell ".repeat(6)} | 2 | 3 | 4 | 5 | 6 |`;
  const history = await request.post("/api/demo/history", {
    headers: { authorization: `Bearer ${jwtToken}` },
    data: {
      sessions: [
        {
          name: "Code",
          messages: [
            {
              user_text: "Code please",
              ai_text: `See [the docs](https://example.com) and:\n\n\`\`\`js\n${longLine}\n\`\`\`\n\n${table}`,
            },
          ],
        },
      ],
    },
  });
  const sessionId = (await history.json()).session_ids[0];
  for (const theme of ["light", "dark"]) {
    await page.goto(`/?demo_user=${userId}&demo_lang=en&demo_theme=${theme}#/history/${sessionId}`);
    await page.getByTestId("code-block").waitFor();
    const code = page.getByRole("region", { name: "Code" });
    await code.focus();
    await expect(code).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => code.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(page.locator(".markdown table")).toHaveAttribute("tabindex", "0");
    expect(await page.locator(".markdown a").evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe("underline");
    expect(await seriousViolations(page)).toEqual([]);
  }
});

// The console's tabs, by their hash (components/admin/tabs.ts).
const CONSOLE_TABS = [
  "dashboard",
  "catalogue",
  "users",
  "payments",
  "broadcasts",
  "channels",
  "audit",
  "requests",
  "operators",
];

test("no critical or serious axe violation in the operator console: the sign-in page and every tab", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/admin?lang=en");
  await page.getByTestId("admin-demo-sign-in").waitFor();
  const found: Record<string, string[]> = {};
  const signIn = await seriousViolations(page);
  if (signIn.length) found["sign-in"] = signIn;
  await page.getByTestId("admin-demo-sign-in").click();
  await expect(page.getByTestId("admin-sign-in")).toHaveCount(0);
  for (const tab of CONSOLE_TABS) {
    await page.evaluate((hash) => (window.location.hash = hash), tab);
    await expect(page.locator(`.admin-nav a[href="#${tab}"]`)).toHaveAttribute("aria-current", "page");
    await page.locator(".admin-main h1").waitFor();
    await expect(page.locator("[aria-busy=true], .admin-main [role=progressbar]")).toHaveCount(0);
    const violations = await seriousViolations(page);
    if (violations.length) found[tab] = violations;
  }
  expect(found).toEqual({});
});

// 200 % zoom on a 390 px phone: the layout viewport is 195 CSS px wide at twice the pixel density,
// which is what the browser lays out when the reader zooms in; nothing may scroll sideways.
test.describe("at 200 % zoom", () => {
  test.use({ viewport: { width: 195, height: 422 }, deviceScaleFactor: 2 });
  for (const path of ["/", "/tariff"]) {
    test(`the screen ${path} reflows without horizontal scrolling`, async ({ page }) => {
      const demo = new URLSearchParams({ demo_user: String(nextUser++), demo_lang: "en" });
      await page.goto(`/?${demo}#${path}`);
      await page
        .locator(path === "/" ? "[data-testid=greeting]" : "[data-testid=tariff-choose]")
        .first()
        .waitFor();
      await expect(page.locator(".page-spinner, [aria-busy=true]")).toHaveCount(0);
      await screenshot(page, `zoom-200${path === "/" ? "-home" : path.replaceAll("/", "-")}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      // Nor is anything cut off inside a box that hides its overflow (an ellipsis is a deliberate cut).
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("body *")]
          .filter((el) => {
            const style = getComputedStyle(el);
            return (
              ["hidden", "clip"].includes(style.overflowX) &&
              style.textOverflow !== "ellipsis" &&
              el.scrollWidth > el.clientWidth + 1
            );
          })
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
      );
      expect(clipped).toEqual([]);
    });
  }
});
