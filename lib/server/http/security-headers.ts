// Response headers for every answer of the app (next.config.ts `headers()`), and the pages' script
// policy, which carries a fresh nonce per request and is therefore set by proxy.ts.
// The mini-app is framed by Telegram's web clients, so framing is limited to them instead of denied.
// Written without a scheme: a host source then matches only https framers when the app is served over
// https (CSP's scheme matching), and no header value holds a colon, which would make Next recompile the
// value as a path template on every request that matches a rule (docs/decisions/0430-header-values-without-colons.md).
const TELEGRAM_WEB_CLIENTS = ["web.telegram.org", "webk.telegram.org", "webz.telegram.org"];
const FRAMING = `frame-ancestors 'self' ${TELEGRAM_WEB_CLIENTS.join(" ")}; base-uri 'self'; object-src 'none'`;

type Header = { key: string; value: string };
type HeaderRule = { source: string; headers: Header[] };

/**
 * The pages' Content-Security-Policy (docs/decisions/0104-content-security-policy.md): scripts only
 * with this request's nonce, which Next puts on its own scripts, and what those load ('strict-dynamic').
 * Styles stay inline-capable (React style attributes, the SDK's theme variables); images may come
 * from the providers' https links; workers only from blobs; everything else from this origin. `loginWidget`: the console
 * (/admin) also frames the Login Widget.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  { development, loginWidget = false }: { development: boolean; loginWidget?: boolean },
): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its call stacks.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob:",
    // The formatting data's warm-up worker is made from a blob (lib/client/intl-warmup.ts); no other worker.
    "worker-src blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    // The console's sign-in page frames Telegram's Login Widget button (its script is loaded by ours).
    ...(loginWidget ? ["frame-src https://oauth.telegram.org"] : []),
    FRAMING,
  ].join("; ");
}

export function securityHeaderRules({ production }: { production: boolean }): HeaderRule[] {
  const everywhere: Header[] = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  ];
  if (production) everywhere.push({ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" });
  return [
    { source: "/:path*", headers: everywhere },
    // API answers are per user: no shared cache may keep them. They run no script: framing only.
    {
      source: "/api/:path*",
      headers: [
        { key: "Cache-Control", value: "no-store" },
        { key: "Content-Security-Policy", value: FRAMING },
      ],
    },
  ];
}
