import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fixtures, screenRows, showScreen } from "./screens";

// The pages' Content-Security-Policy restricts scripts to this request's nonce (and what those load),
// and nothing the app does on any screen, in the demo chat or on the sandbox checkout breaks it.
let nextUser = 960_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test("pages carry a nonce script policy, API answers none", async ({ request }) => {
  const page = await request.get("/");
  const policy = page.headers()["content-security-policy"];
  expect(policy).toContain("default-src 'self'");
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  const nonce = /'nonce-([^']+)'/.exec(policy)![1];
  expect(await page.text()).toContain(`nonce="${nonce}"`);
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);
  const api = await request.get("/api/health");
  expect(api.headers()["content-security-policy"]).not.toContain("script-src");
});

test("no CSP violation on any screen, in the demo chat or on the sandbox checkout", async ({ page, request }) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  const userId = nextUser++;
  const rows = Object.entries(screenRows(await fixtures(request, userId, "ru")));
  const demo = new URLSearchParams({ demo_user: String(userId), demo_lang: "ru" });
  await page.goto(`/?${demo}#/`);
  await page.getByTestId("header-tariff").waitFor();
  for (const [name, row] of rows) {
    await showScreen(page, row.path, demo);
    await page.locator(row.ready).first().waitFor();
    expect(await violations(), name).toEqual([]);
  }

  await page.goto(`/demo-chat?${demo}`);
  await page.getByTestId("demo-chat").waitFor();
  expect(await violations(), "demo chat").toEqual([]);

  const { initData } = await (await request.get(`/api/demo/init-data?user=${userId}`)).json();
  const { jwtToken } = await (await request.post("/api/auth/telegram-login", { data: { initData } })).json();
  // A package of units: the refill is not sold to a new user, whose balances are full.
  const pack = (
    (await (await request.get("/api/package", { headers: { authorization: `Bearer ${jwtToken}` } })).json()) as {
      package_id: number;
      package_purpose: string;
    }[]
  ).find((p) => p.package_purpose !== "reset")!;
  const payment = await request.post("/api/package/payment", {
    headers: { authorization: `Bearer ${jwtToken}` },
    data: { package_id: pack.package_id },
  });
  const { payment_url: paymentUrl } = (await payment.json()) as { payment_url: string };
  await page.goto(new URL(paymentUrl).pathname);
  await page.getByTestId("checkout-confirm").click();
  await expect(page.getByTestId("checkout-result")).toHaveAttribute("data-status", "completed");
  expect(await violations(), "checkout").toEqual([]);
});
