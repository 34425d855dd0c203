"use client";
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { format, type Display, type Locale, type MessageKey, type Messages, type MessageVars } from "./messages";

/** The page's language, its messages and the display time zone, all chosen by the server for this request. */
const I18nContext = createContext<{ locale: Locale; messages: Messages; timeZone: string } | null>(null);

export function I18nProvider(props: { locale: Locale; messages: Messages; timeZone: string; children: ReactNode }) {
  return (
    <I18nContext.Provider value={{ locale: props.locale, messages: props.messages, timeZone: props.timeZone }}>
      {props.children}
    </I18nContext.Provider>
  );
}

function useI18n() {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error("i18n hook outside I18nProvider");
  return ctx;
}

export function useLocale(): Locale {
  return useI18n().locale;
}

/** What the formatting module needs to show a time: the language and the server's DISPLAY_TIME_ZONE. */
export function useDisplay(): Display {
  const { locale, timeZone } = useI18n();
  return { locale, timeZone };
}

export function useT(): (key: MessageKey, vars?: MessageVars) => string {
  const { messages } = useI18n();
  return useCallback((key, vars) => format(messages[key] ?? key, vars), [messages]);
}
