import type { common } from "./messages/common";
import type { shell } from "./messages/shell";
import type { states } from "./messages/states";

/**
 * The message catalogue's type: every table by name. The shared words (common, states, shell) are here in messages/;
 * every feature's messages.ts adds its tables by declaration merging (docs/architecture.md, "Slices"). So a key is checked everywhere without a module below the features
 * importing them: the catalogue itself is joined above them (lib/catalogue.ts) and installed at start.
 */
export interface MessageTables {
  common: typeof common;
  states: typeof states;
  shell: typeof shell;
}
type KeysOf<T> = T extends { de: infer D } ? keyof D : never;

export const LOCALES = ["de", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Where a page is read: its language and the display time zone (an IANA name such as Europe/Berlin; lib/format.ts
 * formats for it).
 */
export type Display = { locale: Locale; timeZone: string };
export type MessageKey = { [Table in keyof MessageTables]: KeysOf<MessageTables[Table]> }[keyof MessageTables] & string;
export type Messages = Record<MessageKey, string>;
export type Catalogue = Record<Locale, Messages>;

// One catalogue per process, on globalThis: the server's bundles and the start-up share it (as lib/process/lifecycle.ts
// shares its state).
const CATALOGUE = Symbol.for("arge-inbox.catalogue");
type Holder = { [CATALOGUE]?: Catalogue };

/** lib/catalogue.ts installs the joined tables when it is loaded: at start (lib/startup.ts), by the root layout, the proxy. */
export function installCatalogue(catalogue: Catalogue): void {
  (globalThis as Holder)[CATALOGUE] = catalogue;
}

function catalogue(): Catalogue {
  const installed = (globalThis as Holder)[CATALOGUE];
  if (!installed) throw new Error("The message catalogue is not installed: import lib/catalogue.ts at the entry.");
  return installed;
}

export type MessageVars = Record<string, string | number>;

export function format(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  const tables = catalogue();
  return format(tables[locale][key] ?? tables.de[key], vars);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalogue().de, value);
}

export function isLocale(value: unknown): value is Locale {
  return value === "de" || value === "en";
}

/** The first supported language of an Accept-Language header, by quality; German otherwise. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return "de";
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: (tag ?? "").toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.lang).find(isLocale) ?? "de";
}
