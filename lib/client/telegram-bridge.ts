import { isTMA as publishedIsTMA } from "@telegram-apps/bridge-as-published";

// @telegram-apps/bridge as the SDK sees it (next.config.ts aliases the package to this module;
// docs/decisions/0513-sdk-environment-check-remembered.md): the package as published, except that its
// quick isTMA() remembers a yes. The SDK asks it in every method's availability check, again each time a
// signal the check reads changes (a component mounted, the version set), and each time the bridge
// reads the launch parameters from the URL, the navigation entry or storage and validates them in full,
// twice. Once a page has them, it keeps them: the answer cannot turn to no.

export * from "@telegram-apps/bridge-as-published";

let isMiniApp = false;

export function isTMA(): boolean;
export function isTMA(...args: Parameters<typeof publishedIsTMA>): ReturnType<typeof publishedIsTMA>;
export function isTMA(...args: unknown[]): unknown {
  // The complete check (with its host round trip) is asked as it is.
  if (args.length) return (publishedIsTMA as (...all: unknown[]) => unknown)(...args);
  if (!isMiniApp) isMiniApp = publishedIsTMA();
  return isMiniApp;
}
