// Response headers for every answer of the app (next.config.ts `headers()`).
// The mini-app is framed by Telegram's web clients, so framing is limited to them instead of denied.
const TELEGRAM_WEB_CLIENTS = ["https://web.telegram.org", "https://webk.telegram.org", "https://webz.telegram.org"];

type Header = { key: string; value: string };
type HeaderRule = { source: string; headers: Header[] };

export function securityHeaderRules({ production }: { production: boolean }): HeaderRule[] {
  const everywhere: Header[] = [
    { key: "Content-Security-Policy", value: `frame-ancestors 'self' ${TELEGRAM_WEB_CLIENTS.join(" ")}; base-uri 'self'; object-src 'none'` },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  ];
  if (production) everywhere.push({ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" });
  return [
    { source: "/:path*", headers: everywhere },
    // API answers are per user: no shared cache may keep them.
    { source: "/api/:path*", headers: [{ key: "Cache-Control", value: "no-store" }] },
  ];
}
