import "server-only";
import { sign } from "@telegram-apps/init-data-node";
import { isDemoMode } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { getSecrets } from "@/lib/server/auth/secrets";

export const DEMO_USER = {
  id: 100000001,
  first_name: "Demo",
  last_name: "User",
  username: "demo_user",
  language_code: "ru",
  allows_write_to_pm: true,
};

/**
 * In demo mode there is no messenger: the server signs launch data for a demo user with the
 * generated development bot token, and the client mocks the host with it. Production answers 404.
 */
export function demoInitData({
  userId,
  language,
  startParam,
  denyWrite,
}: { userId?: number; language?: string; startParam?: string; denyWrite?: boolean } = {}) {
  if (!isDemoMode()) throw new ApiError("not_found", "Demo mode is off");
  // Another demo user id (e2e tests, trying a fresh account) gets its own name.
  const user = userId
    ? { ...DEMO_USER, id: userId, first_name: `Demo ${userId}`, username: `demo_${userId}` }
    : DEMO_USER;
  const initData = sign(
    {
      user: {
        ...user,
        language_code: language ?? user.language_code,
        ...(denyWrite ? { allows_write_to_pm: false } : {}),
      },
      chat_instance: "-1",
      chat_type: "sender",
      // A referral link's `startapp` parameter, as the messenger passes it on (`?demo_start=` on the page).
      ...(startParam ? { start_param: startParam } : {}),
    },
    getSecrets().botToken,
    new Date(),
  );
  return { initData };
}
