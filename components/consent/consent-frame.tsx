import type { ReactNode } from "react";
import { translate, type MessageKey, type MessageVars } from "@/lib/i18n/messages";

/**
 * The frame of the resident's consent pages (`/einwilligung/{token}`, `/widerspruch/{token}`): server-rendered
 * without a script of their own, one column that reads at 390 px, German first with a plain link to the English page,
 * the unit as the link's holder knows it, and the answer of the last action as a status line.
 */

export type ConsentLang = "de" | "en";
export const consentT = (lang: ConsentLang) => (key: MessageKey, vars?: MessageVars) => translate(lang, key, vars);

export const BUTTON =
  "inline-flex min-h-11 items-center rounded bg-blue-700 px-4 font-medium text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
export const INPUT =
  "mt-1 block w-full min-h-11 rounded border border-slate-400 bg-white px-3 text-base focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
export const LINK = "text-blue-800 underline underline-offset-2";

export function ConsentFrame(props: {
  lang: ConsentLang;
  title: string;
  /** The same page in the other language. */
  other: string;
  unit?: string;
  status?: { text: string; error: boolean };
  children?: ReactNode;
}) {
  const t = consentT(props.lang);
  return (
    // data-server-only: no client component and no message provider here (app/layout.tsx, tests/e2e/fixtures.ts).
    <main className="mx-auto max-w-2xl px-4 py-8" data-server-only lang={props.lang}>
      <p className="text-right text-sm">
        <a className={LINK} href={props.other} lang={props.lang === "de" ? "en" : "de"}>
          {t("consent.language")}
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{props.title}</h1>
      {props.unit && (
        <p className="mt-1 text-slate-700">
          {t("consent.unit")}: {props.unit}
        </p>
      )}
      {props.status && (
        <p
          role={props.status.error ? "alert" : "status"}
          className={`mt-4 rounded border p-3 ${props.status.error ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900"}`}
        >
          {props.status.text}
        </p>
      )}
      {props.children}
    </main>
  );
}

/** The answer for a link that opens nothing: erased, ended, forged. */
export function ConsentGone({ lang, other }: { lang: ConsentLang; other: string }) {
  const t = consentT(lang);
  return (
    <ConsentFrame lang={lang} title={t("consent.gone.title")} other={other}>
      <p className="mt-4 text-slate-700">{t("consent.gone.text")}</p>
    </ConsentFrame>
  );
}
