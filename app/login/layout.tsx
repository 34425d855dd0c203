import type { ReactNode } from "react";
import { AppProviders } from "@/components/app-providers";

/** The sign-in form and the language switch are client components: they take the app's providers. */
export default function LoginLayout({ children }: { children: ReactNode }) {
  return <AppProviders>{children}</AppProviders>;
}
