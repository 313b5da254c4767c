import { NextResponse, type NextRequest } from "next/server";
import { pageContentSecurityPolicy } from "@/lib/server/http/security-headers";

// Every page gets a Content-Security-Policy with a fresh nonce. Next reads the nonce from the
// request's policy header and puts it on the scripts it renders (the pages render per request).
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, {
    development: process.env.NODE_ENV === "development",
    loginWidget: request.nextUrl.pathname === "/admin",
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Pages only: API answers, build assets and icons run no script.
  matcher: [{ source: "/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)" }],
};
