/** @type {import('next').NextConfig} */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

// Answers that are not pages (JSON, files, the sandbox provider) run no script at all. Pages get a
// policy with a fresh nonce from proxy.ts instead, which skips these paths. /sandbox/mail is a page.
const NOT_PAGES = ["api", "arge", "dta", "auth", "sandbox/api"];
const noScriptPolicy = {
  key: "Content-Security-Policy",
  value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

const nextConfig = {
  poweredByHeader: false,
  // Compression belongs to the reverse proxy that terminates TLS in front of the app (README):
  // gzip in the Node process costs every JSON answer about 1.5 ms of the one CPU it serves from.
  compress: false,
  // PGlite ships its own WebAssembly and data files; bundled, it fails at run time. prom-client
  // stays one module for the whole process: lib/cli/serve.mjs counts into the same registry. imapflow
  // brings its own pino, which stays its own.
  serverExternalPackages: ["@electric-sql/pglite", "imapflow", "pino", "prom-client"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      ...NOT_PAGES.map((prefix) => ({ source: `/${prefix}/:path*`, headers: [noScriptPolicy] })),
      // A resident's portal link is the key to their documents: never sent on as a referrer.
      { source: "/r/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
};

export default nextConfig;
