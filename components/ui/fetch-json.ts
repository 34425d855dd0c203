/** The dashboard API's error, with the server's message (already in the user's language). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}), ...init?.headers },
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as
    | { error?: string; message?: string; fields?: { path: string; message: string }[] }
    | null;
  if (!res.ok) {
    throw new HttpError(res.status, body?.error ?? "http_error", body?.message ?? `HTTP ${res.status}`, body?.fields);
  }
  return body as T;
}
