import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { currentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { messages } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";
import "./globals.css";

export const metadata: Metadata = {
  title: "ARGE-Posteingang",
  description: "Zwischenmitteilungen (UVI) abrufen, weitergeben und bestätigen",
  icons: { icon: "/favicon.ico", apple: "/apple-touch-icon.png" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const locale = await requestLocale(user?.locale);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {/* The zone goes to the browser with the page, so both render every time alike (lib/format.ts). */}
        <Providers locale={locale} messages={messages[locale]} timeZone={env().displayTimeZone}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
