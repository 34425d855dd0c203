/** Messages of the runs (lib/runs, components/runs): what every kind shares. */
export const runs = {
  de: {
    "run.notFound": "Diesen Vorgang gibt es nicht.",
    "run.startedBy": "Gestartet von {names}",
  },
  en: {
    "run.notFound": "This run does not exist.",
    "run.startedBy": "Started by {names}",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    runs: typeof runs;
  }
}
