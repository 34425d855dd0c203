"use client";
import { useState, type FormEvent } from "react";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
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

type Fields = { email: string; password: string };

/** What is wrong with the fields before anything goes to the server, by field name (in the form's order). */
function fieldErrors({ email, password }: Fields): Partial<Record<keyof Fields, MessageKey>> {
  const errors: Partial<Record<keyof Fields, MessageKey>> = {};
  if (email.trim() === "") errors.email = "login.emailMissing";
  else if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) errors.email = "login.emailInvalid";
  if (password === "") errors.password = "login.passwordMissing";
  return errors;
}

export function LoginForm() {
  const t = useT();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReturnType<typeof fieldErrors>>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An empty or malformed field is said at the field, and focus goes to the first one: the
    // server could only answer "wrong e-mail or password", which would not say what to fix.
    const wrong = fieldErrors({ email, password });
    setInvalid(wrong);
    const first = Object.keys(wrong)[0];
    if (first) {
      setError(null);
      (event.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
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

  // Both fields are required; `name` is how onSubmit finds the first wrong one.
  const checked = (name: keyof Fields) => ({ name, required: true, error: invalid[name] && t(invalid[name]) });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <TextField
        label={t("login.email")}
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        {...checked("email")}
      />
      <TextField
        label={t("login.password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        {...checked("password")}
      />
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
