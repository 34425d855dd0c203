/** @type {import('next').NextConfig} */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig = {
  poweredByHeader: false,
  // PGlite ships its own WebAssembly and data files; bundled, it fails at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pino"],
  // proxy.ts buffers request bodies up to this size (default 10 MB, silently truncated beyond):
  // the sandbox's control API takes states of 100,000 documents (~30 MB) and DTA uploads up to 50 MB.
  experimental: { proxyClientMaxBodySize: "64mb" },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
