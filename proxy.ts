import { NextResponse, type NextRequest } from "next/server";

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

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

// Pages only (the sandbox's page /sandbox/mail too): JSON routes, files and the sandbox provider get
// a fixed no-script policy from next.config.mjs, and their request bodies are not buffered by the proxy.
export const config = {
  matcher: [{ source: "/((?!api/|arge/|dta/|auth/|sandbox/api|_next/static|_next/image|favicon.ico).*)" }],
};
