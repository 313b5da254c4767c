import { HEADER_ICONS } from "@/lib/client/header-icons";
import { hostListens, paintHostColours, postToHost } from "@/lib/client/host-primitives";
import { paintLaunchSplash, type SplashTexts } from "@/lib/client/launch-splash";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import { storedSnapshotOf } from "@/lib/client/stored-snapshot";
import { inlineJson } from "./inline-json";

// The function's source and its arguments after the texts (storage keys, icons, the snapshot's reader, host
// primitives), built once per process.
const splash = paintLaunchSplash.toString();
const keys = { language: STORAGE_KEYS.language, accountSnapshot: STORAGE_KEYS.accountSnapshot };
const laterArguments = `${inlineJson(keys)},${inlineJson(HEADER_ICONS)},${storedSnapshotOf.toString()},{listens:${hostListens.toString()},post:${postToHost.toString()},paintColours:${paintHostColours.toString()}}`;

/**
 * The inline script that paints Home's greeting from the launch data before any bundle loads
 * (lib/client/launch-splash.ts), with the request's CSP nonce. A server component: it sends source
 * text, no client code.
 */
export function LaunchSplashScript({ nonce, texts }: { nonce: string | undefined; texts: SplashTexts }) {
  const source = `(${splash})(${inlineJson(texts)},${laterArguments})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
