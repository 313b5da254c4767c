// The package @telegram-apps/bridge as published, under the name next.config.ts gives its files so that
// lib/client/telegram-bridge.ts, which takes the package's own name, can import it.
declare module "@telegram-apps/bridge-as-published" {
  export * from "@telegram-apps/bridge";
}
