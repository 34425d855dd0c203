"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { I18nProvider } from "@/lib/i18n/client";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { HttpError } from "@/lib/client/fetch-json";

export function Providers(props: { locale: Locale; messages: Messages; timeZone: string; children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            // A 401 or 403 will not get better by asking again.
            retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
          },
        },
      }),
  );
  // Marks the page as hydrated (its children's handlers attached before this runs): the end-to-end
  // tests wait for it after a navigation, so that a key or a click never lands before React listens.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <I18nProvider locale={props.locale} messages={props.messages} timeZone={props.timeZone}>
      <QueryClientProvider client={client}>{props.children}</QueryClientProvider>
    </I18nProvider>
  );
}
