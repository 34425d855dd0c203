/** Messages of the runs (lib/runs, components/runs): what every kind shares. */
export const runs = {
  de: {
    "run.notFound": "Diesen Vorgang gibt es nicht.",
  },
  en: {
    "run.notFound": "This run does not exist.",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    runs: typeof runs;
  }
}
