"use client";
import { useState, type FormEvent } from "react";
import { useT } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

/** Talks to next-auth's credentials flow directly: csrf token, then the callback. */
async function signIn(email: string, password: string): Promise<"ok" | "failed" | { message: string }> {
  const csrf = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await fetch("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, email, password, json: "true", callbackUrl: "/" }),
  });
  if (res.status === 429) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { message: body.message ?? "429" };
  }
  // next-auth answers a wrong e-mail or password with 401 and an error URL.
  if (res.status === 401) return "failed";
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { url?: string };
  return body.url && new URL(body.url, window.location.href).searchParams.has("error") ? "failed" : "ok";
}

export function LoginForm() {
  const t = useT();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const result = await signIn(email, password);
      if (result === "ok") {
        // A full load, so nothing cached for a previous user survives.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/");
        return;
      }
      setError(result === "failed" ? t("login.failed") : result.message);
    } catch {
      setError(t("login.unavailable"));
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <TextField label={t("login.email")} type="email" name="email" autoComplete="username" required value={email} onChange={setEmail} />
      <TextField label={t("login.password")} type="password" name="password" autoComplete="current-password" required value={password} onChange={setPassword} />
      {error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? t("login.submitting") : t("login.submit")}
      </Button>
    </form>
  );
}
