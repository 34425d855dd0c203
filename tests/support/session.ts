/** Signs in exactly as docs/api.md ("Conventions") tells a script to, and calls the JSON API with that session. */

export type Session = { cookie: string; base: string };

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

export async function signIn(
  base: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response & { session?: Session }> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = cookiesOf(csrfRes);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; "), ...headers },
    body: new URLSearchParams({ csrfToken, email, password }),
  });
  const session = cookiesOf(res).find((c) => c.includes("next-auth.session-token="));
  return Object.assign(res, session ? { session: { cookie: session, base } } : {});
}

export async function mustSignIn(base: string, email: string, password: string): Promise<Session> {
  const res = await signIn(base, email, password);
  if (!res.session) throw new Error(`sign-in of ${email} failed with ${res.status} ${res.headers.get("location")}`);
  return res.session;
}

/** A JSON call with the session; `init.json` is sent as the body. */
export async function api(
  session: Session | null,
  base: string,
  pathname: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const { json, headers, ...rest } = init;
  const res = await fetch(`${base}${pathname}`, {
    ...rest,
    headers: {
      ...(session ? { Cookie: session.cookie } : {}),
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  // Tests read answers as loose JSON and assert on their fields.
  return { status: res.status, headers: res.headers, body: body as any, text };
}
