import "server-only";
import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { demoRegisterCsv } from "./demo/register";
import { demoState } from "./demo/state";
import { listFaults, replaceFaults } from "./faults";
import { HoldName } from "./hold-name";
import { liftHold, listHolds, resetHolds } from "./holds";
import { clearMail, listMail } from "./mailbox/store";
import { clearReports, listReports } from "./osr/store";
import { notFoundResponse } from "./pipeline";
import { recentRequests } from "./requests-log";
import { describeIssues, FaultRules, State } from "./schema";
import { parseAuthorization, secretEquals } from "./secrets";
import { exportState, replaceState } from "./state";

const problem = (status: number, error: string, message: string, extra: Record<string, unknown> = {}) =>
  Response.json({ error, message, ...extra }, { status });
const noContent = () => new Response(null, { status: 204 });

async function parseBody<T>(req: Request, schema: z.ZodType<T>): Promise<T | Response> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return problem(400, "invalid_json", "the body is not JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const { message, fields } = describeIssues(parsed.error);
    return problem(400, "invalid_body", message, { fields });
  }
  return parsed.data;
}

/** The control API (docs/sandbox.md, "The control API"): only with the admin token, compared in constant time. */
export async function serveControl(req: Request, segments: string[]): Promise<Response> {
  try {
    return await control(req, segments);
  } catch (err) {
    // Only the error's class: a database error may quote values of the state (never the answer).
    console.error(
      `sandbox control: ${req.method} ${segments.join("/")} failed: ${err instanceof Error ? err.name : "error"}`,
    );
    return problem(500, "internal", "the sandbox could not do this; see the server log");
  }
}

async function control(req: Request, segments: string[]): Promise<Response> {
  const config = env();
  if (!config.sandbox || !config.sandboxAdminToken) return notFoundResponse();
  const creds = parseAuthorization(req.headers.get("authorization"));
  const token = creds.kind === "bearer" ? creds.token : "";
  if (!secretEquals(token, config.sandboxAdminToken) || creds.kind !== "bearer") {
    return problem(401, "unauthorized", "Authorization: Bearer <SANDBOX_ADMIN_TOKEN> required");
  }
  const db = await getDb();
  const key = `${req.method} ${segments.join("/")}`;
  switch (key) {
    case "GET state":
      return Response.json(await exportState(db));
    case "PUT state": {
      const state = await parseBody(req, State);
      if (state instanceof Response) return state;
      await replaceState(db, state);
      return noContent();
    }
    case "POST reset":
      await replaceState(db, demoState());
      return noContent();
    case "GET faults":
      return Response.json(await listFaults(db));
    case "PUT faults": {
      const rules = await parseBody(req, FaultRules);
      if (rules instanceof Response) return rules;
      await replaceFaults(db, rules);
      resetHolds();
      return noContent();
    }
    case "DELETE faults":
      await replaceFaults(db, []);
      resetHolds();
      return noContent();
    case "GET holds":
      return Response.json(listHolds());
    case "GET mail":
      return Response.json(await listMail(db));
    case "DELETE mail":
      await clearMail(db);
      return noContent();
    case "GET onsiteroles":
      return Response.json(await listReports(db));
    case "DELETE onsiteroles":
      await clearReports(db);
      return noContent();
    case "GET requests":
      return Response.json(await recentRequests(db));
    case "GET demo/register.csv":
      // The unit register that fits the demo data set, for the dashboard's import (npm run demo loads it).
      return new Response(demoRegisterCsv(), { headers: { "content-type": "text/csv; charset=utf-8" } });
  }
  // DELETE /sandbox/api/holds/{name} lifts one hold (./holds.ts).
  if (segments.length === 2 && segments[0] === "holds" && req.method === "DELETE") {
    const name = HoldName.safeParse(segments[1]);
    if (!name.success) return problem(400, "invalid_hold", "not a hold's name");
    liftHold(name.data);
    return noContent();
  }
  const known =
    ["state", "reset", "faults", "holds", "mail", "onsiteroles", "requests", "demo/register.csv"].includes(
      segments.join("/"),
    ) ||
    (segments.length === 2 && segments[0] === "holds");
  return known
    ? problem(405, "method_not_allowed", "method not allowed here")
    : problem(404, "not_found", "no such control endpoint");
}
