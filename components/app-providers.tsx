import "server-only";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { currentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { messages } from "@/lib/catalogue";
import { requestLocale } from "@/lib/i18n/server";

/**
 * The client providers (providers.tsx) with the request's language, that language's whole message
 * catalogue and the display zone, all of which go to the browser with the page. Only the pages that
 * run the app's client code take them (the dashboard's layout, the sign-in page's); the resident's
 * portal and the 404 page render on the server alone and ship neither catalogue nor script of
 * their own.
 */
export async function AppProviders({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const locale = await requestLocale(user?.locale);
  // The zone goes to the browser with the page, so both render every time alike (lib/format.ts).
  return (
    <Providers locale={locale} messages={messages[locale]} timeZone={env().displayTimeZone}>
      {children}
    </Providers>
  );
}
