import { NextResponse, type NextRequest } from "next/server";
import { portalRefusal } from "@/lib/handoffs/portal/rate";
import "@/lib/catalogue";

// Development needs eval for React's debugging aids; the production build does not.
const isDev = process.env.NODE_ENV === "development"; // eslint-disable-line no-restricted-properties

/** A fresh nonce per request: Next.js puts it on its own inline scripts; nothing else inline runs. */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The resident's portal (lib/handoffs/portal/view.ts): no session, no referrer, nothing cached. */
const PORTAL_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export function proxy(request: NextRequest) {
  // `/r` itself too: lib/cli/serve.mjs sends a portal path that resolves to nothing under it there.
  const { pathname } = request.nextUrl;
  // The resident's consent pages (docs/api.md, "Consent") are links without a session too, throttled alike.
  const isPortal = ["/r", "/einwilligung", "/widerspruch"].some((p) => pathname === p || pathname.startsWith(`${p}/`));
  // Throttled per client address before anything is served (lib/handoffs/portal/rate.ts), and without the request's
  // cookies: a manager's session is never read or refreshed by a resident's page.
  const refused = isPortal ? portalRefusal(request.headers) : null;
  if (refused) return refused;
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  if (isPortal) requestHeaders.delete("cookie");
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (isPortal) for (const [name, value] of Object.entries(PORTAL_HEADERS)) response.headers.set(name, value);
  return response;
}

// Pages only (the sandbox's page /sandbox/mail too): JSON routes, files and the sandbox provider get
// a fixed no-script policy from next.config.mjs, and their request bodies are not buffered by the proxy.
export const config = {
  matcher: [{ source: "/((?!api/|arge/|dta/|auth/|sandbox/api|_next/static|_next/image|favicon.ico).*)" }],
};
