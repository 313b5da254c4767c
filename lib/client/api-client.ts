"use client";
import { createApi } from "./fetch-core";
import { clearToken, getToken, loginSettled, refreshToken } from "./session";

export { ApiRequestError } from "./fetch-core";

/**
 * The mini-app's calls: `api("POST /api/tariff/create", { body })` answers the call's response
 * contract. The token is the stored one (waiting for a login that is running); a 401 logs in again
 * once (single-flight) and retries; when that fails the app goes back to its start.
 */
export const api = createApi({
  current: async () => {
    await loginSettled();
    return getToken();
  },
  refresh: refreshToken,
  onRefreshFailed: () => {
    clearToken();
    window.location.hash = "#/";
  },
});
