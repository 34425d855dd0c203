"use client";
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { format, type Locale, type MessageKey, type Messages, type MessageVars } from "./messages";

const I18nContext = createContext<{ locale: Locale; messages: Messages } | null>(null);

export function I18nProvider(props: { locale: Locale; messages: Messages; children: ReactNode }) {
  return <I18nContext.Provider value={{ locale: props.locale, messages: props.messages }}>{props.children}</I18nContext.Provider>;
}

export function useLocale(): Locale {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error("useLocale outside I18nProvider");
  return ctx.locale;
}

export function useT(): (key: MessageKey, vars?: MessageVars) => string {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error("useT outside I18nProvider");
  const { messages } = ctx;
  return useCallback((key, vars) => format(messages[key] ?? key, vars), [messages]);
}
