import "server-only";
import type { NextAuthOptions, User } from "next-auth";
import { encode, type JWTEncodeParams } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { now } from "@/lib/process/clock";
import { authenticate } from "./sign-in";
import { endSessions, isSessionCurrent } from "./sign-out";

/** What a session cookie carries: user id, session version, and when its user signed in (seconds). */
export type SessionClaims = { uid: string; sv: number; authTime: number };

export const sessionMaxAgeSeconds = () => Math.round(env().sessionMaxHours * 3600);

/**
 * The client address for throttling. lib/cli/serve.mjs (`npm start`) replaces X-Forwarded-For
 * with the one address it trusts: the socket's, or the TRUSTED_PROXIES-th entry from the right.
 */
export function clientAddress(headers: { get(name: string): string | null } | Record<string, unknown>): string | null {
  const raw =
    typeof (headers as { get?: unknown }).get === "function"
      ? (headers as { get(name: string): string | null }).get("x-forwarded-for")
      : (headers as Record<string, unknown>)["x-forwarded-for"];
  const first = typeof raw === "string" ? raw.split(",")[0]?.trim() : undefined;
  return first || null;
}

/**
 * Whether the request reached the app over https: PUBLIC_URL's scheme when it is set, else as the
 * proxy in front reports it (lib/cli/serve.mjs drops a client's X-Forwarded-Proto unless
 * TRUSTED_PROXIES > 0, and Next then fills it from the socket).
 */
export function isSecureForwarded(headers: { get(name: string): string | null }, protocol = "http:"): boolean {
  const publicUrl = env().publicUrl;
  if (publicUrl) return publicUrl.startsWith("https:");
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? protocol.replace(":", "")) === "https";
}

/** A session token never outlives SESSION_MAX_HOURS from sign-in, however often it is refreshed. */
function encodeWithinLifetime(params: JWTEncodeParams): Promise<string> {
  // The lifetime left by the app's clock (lib/process/clock.ts); next-auth stamps `exp` by the wall clock.
  const nowS = Math.floor(now() / 1000);
  const authTime = typeof params.token?.authTime === "number" ? params.token.authTime : nowS;
  return encode({ ...params, maxAge: Math.max(1, authTime + sessionMaxAgeSeconds() - nowS) });
}

/** next-auth options; `secure` decides the Secure flag and the __Secure- cookie prefix. */
export function authOptions(secure: boolean): NextAuthOptions {
  const maxAge = sessionMaxAgeSeconds();
  return {
    secret: env().authSecret,
    useSecureCookies: secure,
    session: { strategy: "jwt", maxAge },
    jwt: { maxAge, encode: encodeWithinLifetime },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, req) {
          const db = await getDb();
          const user = await authenticate(db, {
            email: credentials?.email ?? "",
            password: credentials?.password ?? "",
            ip: clientAddress(req.headers ?? {}),
          });
          if (!user) return null;
          return { id: user.id, email: user.email, name: user.name, sv: user.sessionVersion } as User;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as User & { sv: number };
          return { ...token, uid: u.id, sv: u.sv, authTime: Math.floor(now() / 1000) };
        }
        // A session past its absolute lifetime, signed out or otherwise ended is not renewed:
        // next-auth then answers an empty session and clears the cookie.
        if (typeof token.authTime !== "number" || token.authTime + maxAge <= now() / 1000) throw new SessionEnded();
        if (!(await isSessionCurrent(token))) throw new SessionEnded();
        return token;
      },
    },
    events: {
      // Sign-out ends the session on the server too: the old cookie is worth nothing afterwards.
      signOut: ({ token }) => endSessions(token),
    },
    logger: {
      error: (code, metadata) => {
        // An expired or signed-out cookie is routine, not an error of the server.
        if (code === "JWT_SESSION_ERROR") return void log().info({ code }, "session cookie refused");
        log().error({ code, metadata: metadata instanceof Error ? metadata.message : undefined }, "next-auth error");
      },
      // Without PUBLIC_URL, NEXTAUTH_URL is left unset on purpose: the app serves whatever origin
      // it is reached at (lib/env.ts, letAuthUseRequestHost).
      warn: (code) => void (code !== "NEXTAUTH_URL" && log().warn({ code }, "next-auth warning")),
      debug: () => undefined,
    },
  };
}

class SessionEnded extends Error {
  constructor() {
    super("session ended or past its absolute lifetime");
    this.name = "SessionEnded";
  }
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}
