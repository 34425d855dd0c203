/** The words of four eyes (lib/releases, components/releases), German and English; lib/catalogue.ts joins them. */
export const releasesMessages = {
  de: {
    "releases.notFound": "Diese Freigabe gibt es nicht.",
    "releases.ownRequest": "Ihre eigene Anfrage gibt eine zweite Person aus Ihrem Team frei, nicht Sie selbst.",
    "releases.notOpen": "Diese Anfrage wartet nicht mehr auf eine Freigabe. Laden Sie die Seite neu.",
    "releases.void.documents":
      "Die Dokumente haben sich seit der Anfrage geändert. Die Anfrage ist ungültig; stellen Sie sie neu.",
    "releases.void.recipients":
      "Die Empfänger haben sich seit der Anfrage geändert (Umzug, Adresse oder Kanal). Die Anfrage ist ungültig; stellen Sie sie neu.",
    "releases.void.both":
      "Dokumente und Empfänger haben sich seit der Anfrage geändert. Die Anfrage ist ungültig; stellen Sie sie neu.",
    "releases.void.requester":
      "Wer die Anfrage gestellt hat, gehört nicht mehr zum Team. Die Anfrage ist ungültig; stellen Sie sie neu.",
    "releases.void.teamMerged":
      "Das Team wurde mit einem anderen zusammengelegt. Die Anfrage ist ungültig; stellen Sie sie neu.",
    "nav.releases": "Freigaben",
    "releases.title": "Freigaben",
    "releases.intro":
      "Mit dem Vier-Augen-Prinzip wartet eine Sammelbestätigung, eine Weitergabe oder ein Druck auf eine zweite Person aus dem Team. Geprüft wird bei der Freigabe, ob sich Dokumente oder Empfänger seither geändert haben.",
    "releases.open": "Offene Anfragen",
    "releases.recent": "Zuletzt",
    "releases.noneOpen": "Keine offenen Anfragen.",
    "releases.noneRecent": "Noch nichts erledigt.",
    "releases.kind.confirm": "Sammelbestätigung",
    "releases.kind.handoff": "Weitergabe an Bewohner",
    "releases.kind.print": "Druck der Briefe",
    "releases.state.open": "Wartet auf Freigabe",
    "releases.state.released": "Freigegeben, läuft",
    "releases.state.void": "Ungültig",
    "releases.state.done": "Erledigt",
    "releases.counts": "{documents} Dokumente, {units} Einheiten, {residents} Bewohner",
    "releases.requested": "Angefragt von {name} am",
    "releases.released": "Freigegeben von {name} am",
    "releases.voidBecause.documents": "Dokumente geändert",
    "releases.voidBecause.recipients": "Empfänger geändert",
    "releases.voidBecause.both": "Dokumente und Empfänger geändert",
    "releases.voidBecause.requester": "Antragsteller nicht mehr im Team",
    "releases.voidBecause.teamMerged": "Team zusammengelegt",
    "releases.printOf": "{property}, {month}",
    "releases.approve": "Freigeben",
    "releases.approveLabel": "{kind} von {name} freigeben",
    "releases.approved": "Freigegeben. Die Arbeit läuft.",
    "releases.approvedPrint": "Freigegeben. Der nächste Druck dieses Monats wird erstellt.",
    "releases.yours": "Ihre Anfrage wartet auf eine zweite Person.",
    "releases.waiting": "Wartet auf Freigabe",
    "releases.waitingDetail": "Eine zweite Person aus Ihrem Team gibt die Anfrage auf der Seite „Freigaben“ frei.",
    "releases.unknownPerson": "unbekannt",
  },
  en: {
    "releases.notFound": "This release does not exist.",
    "releases.ownRequest": "Your own request is released by a second person of your team, not by you.",
    "releases.notOpen": "This request no longer waits for a release. Reload the page.",
    "releases.void.documents": "The documents changed since the request. The request is void; ask again.",
    "releases.void.recipients":
      "The recipients changed since the request (a move, an address or a channel). The request is void; ask again.",
    "releases.void.both": "Documents and recipients changed since the request. The request is void; ask again.",
    "releases.void.requester": "Who asked no longer belongs to the team. The request is void; ask again.",
    "releases.void.teamMerged": "The team was merged into another. The request is void; ask again.",
    "nav.releases": "Releases",
    "releases.title": "Releases",
    "releases.intro":
      "With four eyes on, a bulk confirmation, a hand-off or a print waits for a second person of the team. The release checks whether documents or recipients changed since.",
    "releases.open": "Open requests",
    "releases.recent": "Recent",
    "releases.noneOpen": "No open requests.",
    "releases.noneRecent": "Nothing done yet.",
    "releases.kind.confirm": "Bulk confirmation",
    "releases.kind.handoff": "Hand-off to residents",
    "releases.kind.print": "Print of the letters",
    "releases.state.open": "Waiting for release",
    "releases.state.released": "Released, running",
    "releases.state.void": "Void",
    "releases.state.done": "Done",
    "releases.counts": "{documents} documents, {units} units, {residents} residents",
    "releases.requested": "Asked by {name} on",
    "releases.released": "Released by {name} on",
    "releases.voidBecause.documents": "documents changed",
    "releases.voidBecause.recipients": "recipients changed",
    "releases.voidBecause.both": "documents and recipients changed",
    "releases.voidBecause.requester": "requester left the team",
    "releases.voidBecause.teamMerged": "team merged",
    "releases.printOf": "{property}, {month}",
    "releases.approve": "Release",
    "releases.approveLabel": "Release {kind} by {name}",
    "releases.approved": "Released. The work is running.",
    "releases.approvedPrint": "Released. The next print of this month will be made.",
    "releases.yours": "Your request is waiting for a second person.",
    "releases.waiting": "Waiting for release",
    "releases.waitingDetail": "A second person of your team releases the request on the “Releases” page.",
    "releases.unknownPerson": "unknown",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    releases: typeof releasesMessages;
  }
}
