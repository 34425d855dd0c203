import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { signInGate, isSecureRequest } from "@/lib/api/sign-in-gate";

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** next-auth's answers; its JSON ones (session, csrf, providers) are never stored by a browser or proxy. */
async function handle(req: NextRequest, ctx: Ctx): Promise<Response> {
  const res: Response = await NextAuth(req, ctx, authOptions(isSecureRequest(req)));
  if (
    (res.headers.get("content-type") ?? "").includes("json") &&
    !/no-store/.test(res.headers.get("cache-control") ?? "")
  ) {
    res.headers.set("cache-control", "no-store");
  }
  return res;
}

export const GET = handle;

export async function POST(req: NextRequest, ctx: Ctx) {
  return signInGate(req, (await ctx.params).nextauth, (buffered) => handle(buffered, ctx));
}
