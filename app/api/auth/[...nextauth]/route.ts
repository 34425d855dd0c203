import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { signInGate, isSecureRequest } from "@/lib/auth/gate";

type Ctx = { params: Promise<{ nextauth: string[] }> };

function handle(req: NextRequest, ctx: Ctx) {
  return NextAuth(req, ctx, authOptions(isSecureRequest(req)));
}

export const GET = handle;

export async function POST(req: NextRequest, ctx: Ctx) {
  const refused = await signInGate(req, (await ctx.params).nextauth);
  return refused ?? handle(req, ctx);
}
