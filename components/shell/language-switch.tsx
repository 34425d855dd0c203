"use client";
import { useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useT } from "@/lib/i18n/client";
import { LOCALES, type Locale } from "@/lib/i18n/messages";

function rememberLocale(locale: Locale) {
  document.cookie = `lang=${locale}; path=/; max-age=31536000; samesite=lax`;
}

const noSubscription = () => () => {};

/**
 * Saves the choice on the user (when signed in) and in a cookie (for the sign-in page). The buttons are disabled until
 * the page is hydrated: before, a press did nothing at all (a busy phone, or a test that clicked at once).
 */
export function LanguageSwitch({ signedIn }: { signedIn: boolean }) {
  const locale = useLocale();
  const t = useT();
  const router = useRouter();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  async function choose(next: Locale) {
    rememberLocale(next);
    if (signedIn) {
      await fetch("/api/me", {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ locale: next }),
      });
    }
    router.refresh();
  }

  return (
    <div role="group" aria-label={t("nav.language")} className="flex gap-1 text-sm">
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          disabled={!hydrated}
          onClick={() => choose(l)}
          className="rounded px-2 py-1 aria-pressed:bg-slate-800 aria-pressed:text-white"
        >
          {l === "de" ? "Deutsch" : "English"}
        </button>
      ))}
    </div>
  );
}
