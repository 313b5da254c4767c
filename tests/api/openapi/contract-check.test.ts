import { describe, expect, it, vi } from "vitest";
import { GET as myCode } from "@/app/api/referral/my-code/route";
import { call, signIn } from "../../helpers/api";

// The answer the route's service gives, replaced per test to answer what its contract does not say.
const answer = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("@/lib/server/referral/codes", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/server/referral/codes")>();
  return {
    ...original,
    myReferralCode: (user: Parameters<typeof original.myReferralCode>[0]) =>
      answer.current ?? original.myReferralCode(user),
  };
});

// call() parses every 2xx JSON answer with the call's response contract (lib/contracts/calls.ts).
describe("the API test helper's contract check", () => {
  it("passes an answer that is its contract exactly", async () => {
    const { token } = await signIn();
    answer.current = null;
    expect((await call(myCode, "GET", "/api/referral/my-code", { token })).status).toBe(200);
  });

  it("fails an answer of another shape", async () => {
    const { token } = await signIn();
    answer.current = { referral_code: 42, telegram_link: "https://t.me/bot" };
    await expect(call(myCode, "GET", "/api/referral/my-code", { token })).rejects.toThrow(/response contract refuses/);
  });

  it("fails an answer with a field the contract does not name", async () => {
    const { token } = await signIn();
    answer.current = { referral_code: "ABC", telegram_link: "https://t.me/bot", owner_id: 7 };
    await expect(call(myCode, "GET", "/api/referral/my-code", { token })).rejects.toThrow(/does not name/);
  });
});
