"use client";
import { useCallback, useSyncExternalStore } from "react";

// The console's location is its URL hash, "#<tab>" or "#<tab>/<rest>" (a screen's own path, e.g.
// "#users/42"), so a reload or a shared link opens the same screen.

const subscribe = (listener: () => void) => {
  window.addEventListener("hashchange", listener);
  return () => window.removeEventListener("hashchange", listener);
};
const readHash = () => window.location.hash.replace(/^#\/?/, "");

export type ConsoleRoute = { tab: string; rest: string; go: (tab: string, rest?: string) => void };

/** What a console screen gets: its part of the location ("#users/42" → rest "42") and a way to move. */
export type ConsoleScreenProps = { route: ConsoleRoute };

export function useConsoleRoute(): ConsoleRoute {
  const hash = useSyncExternalStore(subscribe, readHash, () => "");
  const [tab, ...rest] = hash.split("/");
  const go = useCallback((next: string, nextRest?: string) => {
    window.location.hash = nextRest ? `${next}/${nextRest}` : next;
  }, []);
  return { tab: decodeURIComponent(tab ?? ""), rest: rest.join("/"), go };
}
