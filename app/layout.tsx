import type { Metadata } from "next";
import type { ReactNode } from "react";
import "@/lib/catalogue";
import { currentUser } from "@/lib/auth/session";
import { requestLocale } from "@/lib/i18n/server";
import "./globals.css";

export const metadata: Metadata = {
  title: "ARGE-Posteingang",
  description: "Zwischenmitteilungen (UVI) abrufen, weitergeben und bestätigen",
  icons: { icon: "/favicon.ico", apple: "/apple-touch-icon.png" },
};

/**
 * The document around every page, and nothing the browser would run: the client providers and the
 * message catalogue come with the layouts that need them (components/app-providers.tsx), so the
 * resident's portal (r/) gets neither.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const locale = await requestLocale(user?.locale);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
