import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };

describe("production configuration", () => {
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  it("refuses to start in production without BOT_TOKEN and JWT_SECRET, naming them", async () => {
    process.env.APP_MODE = "production";
    delete process.env.BOT_TOKEN;
    delete process.env.JWT_SECRET;
    const { assertProductionConfig } = await import("@/lib/env");
    expect(() => assertProductionConfig()).toThrow(/BOT_TOKEN and JWT_SECRET/);
  });

  it("refuses to start in production without PUBLIC_URL: the demo builds links on the request's address, production never", async () => {
    process.env.APP_MODE = "production";
    process.env.BOT_TOKEN = "123456:real-token-value";
    process.env.JWT_SECRET = "s".repeat(40);
    delete process.env.PUBLIC_URL;
    const { assertProductionConfig } = await import("@/lib/env");
    expect(() => assertProductionConfig()).toThrow(/PUBLIC_URL/);
  });

  it("starts in production with both set, and demo mode needs neither", async () => {
    process.env.APP_MODE = "production";
    process.env.BOT_TOKEN = "123456:real-token-value";
    process.env.JWT_SECRET = "s".repeat(40);
    process.env.PUBLIC_URL = "https://app.example.com";
    const prod = await import("@/lib/env");
    expect(() => prod.assertProductionConfig()).not.toThrow();
    expect(prod.isDemoMode()).toBe(false);
    vi.resetModules();
    process.env.APP_MODE = "demo";
    delete process.env.BOT_TOKEN;
    const demo = await import("@/lib/env");
    expect(() => demo.assertProductionConfig()).not.toThrow();
    expect(demo.isDemoMode()).toBe(true);
  });
});
