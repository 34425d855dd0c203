/** Messages of the runs (lib/runs, components/runs): what every kind shares. */
export const runs = {
  de: {
    "run.notFound": "Diesen Vorgang gibt es nicht.",
  },
  en: {
    "run.notFound": "This run does not exist.",
  },
} as const;
