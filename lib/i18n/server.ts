import "server-only";
import { cookies, headers } from "next/headers";
import { isLocale, localeFromAcceptLanguage, type Locale } from "./messages";

export const LOCALE_COOKIE = "lang";

/** The saved choice of the user, else the language cookie, else the browser's Accept-Language. */
export function pickLocale(input: {
  userLocale?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.userLocale)) return input.userLocale;
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage);
}

export async function requestLocale(userLocale?: string | null): Promise<Locale> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return pickLocale({ userLocale, cookie: c.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get("accept-language") });
}
