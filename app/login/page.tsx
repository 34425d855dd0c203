import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { currentUser } from "@/lib/auth/session";
import { translate } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";

export default async function LoginPage() {
  if (await currentUser()) redirect("/");
  const locale = await requestLocale();
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <div className="flex items-center justify-between">
        <p className="font-semibold text-blue-800">{translate(locale, "app.name")}</p>
        <LanguageSwitch signedIn={false} />
      </div>
      <div>
        <h1 className="text-2xl font-semibold">{translate(locale, "login.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{translate(locale, "login.intro")}</p>
      </div>
      <LoginForm />
    </main>
  );
}
