import { hostListens, paintHostColours, postToHost } from "@/lib/client/host-primitives";
import { paintLaunchSplash, type SplashTexts } from "@/lib/client/launch-splash";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import { inlineJson } from "./inline-json";

// The functions' source, built once per process.
const splash = paintLaunchSplash.toString();
const functions = `${inlineJson(STORAGE_KEYS.language)},{listens:${hostListens.toString()},post:${postToHost.toString()},paintColours:${paintHostColours.toString()}}`;

/**
 * The inline script that paints Home's greeting from the launch data before any bundle loads
 * (lib/client/launch-splash.ts), with the request's CSP nonce. A server component: it sends source
 * text, no client code.
 */
export function LaunchSplashScript({ nonce, texts }: { nonce: string | undefined; texts: SplashTexts }) {
  const source = `(${splash})(${inlineJson(texts)},${functions})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
