/** The teams' words (lib/teams), German and English; lib/catalogue.ts joins them. */
export const teamsMessages = {
  de: {
    "teams.notFound": "Dieses Team gibt es nicht.",
  },
  en: {
    "teams.notFound": "This team does not exist.",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    teams: typeof teamsMessages;
  }
}
