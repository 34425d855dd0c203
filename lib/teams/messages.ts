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
    "teams.merge.title": "In dieses Team zusammenführen",
    "teams.merge.from": "Team, das in {name} aufgeht",
    "teams.merge.choose": "Team wählen …",
    "teams.merge.option": "{name} ({members})",
    "teams.merge.submit": "Zusammenführen …",
    "teams.merge.chooseFirst": "Wählen Sie zuerst das Team, das in {name} aufgehen soll.",
    "teams.merge.ask.title": "{from} in {into} zusammenführen?",
    "teams.merge.ask.what":
      "Mitglieder, Bestand, Verbindungen und Texte von „{from}“ gehen in „{into}“ über. „{from}“ bleibt danach leer.",
    "teams.merge.ask.conflicts":
      "Nutzeinheiten, die beide Teams mit unterschiedlicher Belegung führen, werden als Konflikte aufgelistet; es bleibt die Fassung von „{into}“.",
    "teams.merge.ask.final": "Das lässt sich nicht rückgängig machen.",
    "teams.merge.ask.action": "Endgültig zusammenführen",
    "teams.merge.done":
      "„{from}“ wurde in „{into}“ zusammengeführt. Nutzeinheiten zusammengeführt: {units}; Verbindungen vereint: {connections}; Konflikte: {conflicts}.",
    "teams.merge.conflicts.title": "Konflikte aus „{from}“",
    "teams.merge.conflicts.intro":
      "Diese Nutzeinheiten führten beide Teams mit unterschiedlicher Belegung. Es gilt jetzt die Fassung von „{into}“.",
    "teams.merge.conflicts.unit": "Nutzeinheit {unit}",
    "teams.merge.conflicts.pmUnit": "HV-Nr. {unit}",
    "teams.merge.conflicts.download": "Konflikte als CSV herunterladen",
    "teams.merge.conflicts.hint":
      "Die Datei enthält die Belegung aus „{from}“ im Format des Imports; korrigieren Sie sie, wo nötig. Mit „Verlauf ersetzen“ importieren, wo die Fassung des aufgelösten Teams stimmte (Seite „Nutzeinheiten“: nach der Prüfung „Vorschau: Belegung aus der Datei übernehmen“).",
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
    "teams.merge.title": "Merge into this team",
    "teams.merge.from": "Team that joins {name}",
    "teams.merge.choose": "Choose a team …",
    "teams.merge.option": "{name} ({members})",
    "teams.merge.submit": "Merge …",
    "teams.merge.chooseFirst": "First choose the team that is to join {name}.",
    "teams.merge.ask.title": "Merge {from} into {into}?",
    "teams.merge.ask.what":
      "Members, register, connections and texts of “{from}” move to “{into}”. “{from}” is empty afterwards.",
    "teams.merge.ask.conflicts":
      "Usage units both teams keep with different tenancies are listed as conflicts; the version of “{into}” stays.",
    "teams.merge.ask.final": "This cannot be undone.",
    "teams.merge.ask.action": "Merge for good",
    "teams.merge.done":
      "“{from}” was merged into “{into}”. Usage units merged: {units}; connections joined: {connections}; conflicts: {conflicts}.",
    "teams.merge.conflicts.title": "Conflicts from “{from}”",
    "teams.merge.conflicts.intro":
      "Both teams kept these usage units with different tenancies. The version of “{into}” applies now.",
    "teams.merge.conflicts.unit": "Usage unit {unit}",
    "teams.merge.conflicts.pmUnit": "HV-Nr. {unit}",
    "teams.merge.conflicts.download": "Download conflicts as CSV",
    "teams.merge.conflicts.hint":
      "The file holds the tenancies from “{from}” in the import's format; correct it where needed. Import it replacing the history where the dissolved team's version was right (page “Usage units”: after the check, “Preview: take the tenancies from the file”).",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    teams: typeof teamsMessages;
  }
}
