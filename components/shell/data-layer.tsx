"use client";
import { useEffect, useState, type ReactNode } from "react";
import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { afterNextPaint } from "@/lib/client/after-paint";

// The mini-app's query client (lib/client/query-client.ts) and TanStack Query's core load in their own
// chunk, started once the first screen is committed: Home's greeting does not wait for them
// (docs/decisions/0440-data-after-the-first-paint.md). Home and the header render without data at
// first; every part that reads data is a lazy part (lazy-part.ts), which renders once the client is in.

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const loadClient = () =>
  (loading ??= import("@/lib/client/query-client").then((m) => (client = m.createQueryClient())));
// What keeps the account current when the person comes back to the app (lib/queries/account-freshness.ts).
const loadFreshness = () => import("@/lib/queries/account-freshness");

let markProvided: () => void;
/** Resolves once a DataLayer has the client in its context: what a lazy part waits for before it renders. */
export const clientProvided = new Promise<void>((resolve) => (markProvided = resolve));

/**
 * Provides the query client once it is loaded. It sets TanStack Query's own context (what useQuery and
 * useQueryClient read) and mounts the client as QueryClientProvider would; unlike that provider it is
 * there from the first render, so the screen under it is not remounted when the client arrives.
 */
export function DataLayer({ children }: { children: ReactNode }) {
  const [provided, setProvided] = useState(client);
  useEffect(() => {
    if (provided) return;
    let cancelled = false;
    // Once the first frame is painted: inside the messenger the shell commits in hydration's own task,
    // and React runs that commit's effects before the browser paints (docs/decisions/0506-home-from-launch-data.md).
    const cancelLoad = afterNextPaint(() => void loadClient().then((loaded) => !cancelled && setProvided(loaded)));
    return () => {
      cancelled = true;
      cancelLoad();
    };
  }, [provided]);
  useEffect(() => {
    if (!provided) return;
    provided.mount();
    markProvided();
    let stopRefresh: (() => void) | undefined;
    let unmounted = false;
    void loadFreshness().then((m) => {
      if (!unmounted) stopRefresh = m.refreshOnReturn(provided);
    });
    return () => {
      unmounted = true;
      stopRefresh?.();
      provided.unmount();
    };
  }, [provided]);
  return <QueryClientContext.Provider value={provided}>{children}</QueryClientContext.Provider>;
}
