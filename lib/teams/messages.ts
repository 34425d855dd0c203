/** The teams' words (lib/teams, components/teams), German and English; lib/catalogue.ts joins them. */
export const teamsMessages = {
  de: {
    "teams.notFound": "Dieses Team gibt es nicht.",
    "teams.mergeSame": "Ein Team kann nicht mit sich selbst zusammengelegt werden. Wählen Sie ein anderes Team.",
    "nav.teams": "Teams",
    "teams.title": "Teams",
    "teams.intro":
      "Jedes Team arbeitet gemeinsam an seinem Bestand, seinen Weitergaben und Meldungen. Wer in welches Team gehört, legen Sie auf der Seite „Benutzer“ fest.",
    "teams.create": "Team anlegen",
    "teams.name": "Teamname",
    "teams.rename": "Umbenennen",
    "teams.renameLabel": "Neuer Name für {name}",
    "teams.created": "Team {name} wurde angelegt.",
    "teams.renamed": "Das Team heißt jetzt {name}.",
    "teams.members": "Mitglieder",
    "teams.memberCount.one": "1 Mitglied",
    "teams.memberCount.other": "{n} Mitglieder",
    "teams.noMembers": "Noch keine Mitglieder. Ordnen Sie auf der Seite „Benutzer“ jemanden diesem Team zu.",
    "teams.fourEyes.on": "Vier-Augen-Prinzip: an, bei mehr als {n} Dokumenten",
    "teams.fourEyes.off": "Vier-Augen-Prinzip: aus",
    "teams.empty": "Noch keine Teams.",
    "teams.yours": "Ihr Team",
  },
  en: {
    "teams.notFound": "This team does not exist.",
    "teams.mergeSame": "A team cannot be merged into itself. Choose another team.",
    "nav.teams": "Teams",
    "teams.title": "Teams",
    "teams.intro":
      "Each team works together on its register, its hand-offs and its reports. Who belongs to which team is set on the “Users” page.",
    "teams.create": "Create team",
    "teams.name": "Team name",
    "teams.rename": "Rename",
    "teams.renameLabel": "New name for {name}",
    "teams.created": "Team {name} was created.",
    "teams.renamed": "The team is now called {name}.",
    "teams.members": "Members",
    "teams.memberCount.one": "1 member",
    "teams.memberCount.other": "{n} members",
    "teams.noMembers": "No members yet. Assign someone to this team on the “Users” page.",
    "teams.fourEyes.on": "Four eyes: on, above {n} documents",
    "teams.fourEyes.off": "Four eyes: off",
    "teams.empty": "No teams yet.",
    "teams.yours": "Your team",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    teams: typeof teamsMessages;
  }
}
