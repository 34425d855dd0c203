"use client";
import { useT } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const t = useT();
  async function signOut() {
    const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    await fetch("/api/auth/signout", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    // A full load drops everything cached for this user.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/login");
  }
  return (
    <Button variant="secondary" type="button" onClick={signOut}>
      {t("nav.signOut")}
    </Button>
  );
}
