import "server-only";
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { authenticate } from "./sign-in";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export type SessionClaims = { uid: string; sv: number };

/** The client address as Next's server recorded it (x-forwarded-for is set from the socket). */
export function clientAddress(headers: { get(name: string): string | null } | Record<string, unknown>): string | null {
  const raw =
    typeof (headers as { get?: unknown }).get === "function"
      ? (headers as { get(name: string): string | null }).get("x-forwarded-for")
      : (headers as Record<string, unknown>)["x-forwarded-for"];
  const first = typeof raw === "string" ? raw.split(",")[0]?.trim() : undefined;
  return first || null;
}

/** next-auth options; `secure` decides the Secure flag and the __Secure- cookie prefix. */
export function authOptions(secure: boolean): NextAuthOptions {
  return {
    secret: env().authSecret,
    useSecureCookies: secure,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
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
      jwt({ token, user }) {
        if (user) {
          const u = user as User & { sv: number };
          return { ...token, uid: u.id, sv: u.sv };
        }
        return token;
      },
    },
    logger: {
      error: (code, metadata) => log().error({ code, metadata: metadata instanceof Error ? metadata.message : undefined }, "next-auth error"),
      // NEXTAUTH_URL is left unset on purpose: the app serves whatever origin it is reached at.
      warn: (code) => void (code !== "NEXTAUTH_URL" && log().warn({ code }, "next-auth warning")),
      debug: () => undefined,
    },
  };
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}
