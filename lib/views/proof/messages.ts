/** Messages of the proof of a month (lib/views/proof): its links and its refusals (German first, English complete). */
export const handoffProof = {
  de: {
    "handoffProof.pdf": "Nachweis (PDF)",
    "handoffProof.csv": "Nachweis (CSV)",
    "handoffProof.row": "Nachweis § 6a",
    "handoffProof.monthPdf": "Nachweis {month}, {property} (PDF)",
    "handoffProof.tooSlow":
      "Der Nachweis brauchte länger als {seconds} Sekunden und wurde abgebrochen. Bitte später erneut versuchen.",
    "handoffProof.tooLarge": "Der Nachweis ist zu groß, um ihn auf einmal zu erstellen.",
    "handoffProof.cancelled": "Der Nachweis wurde abgebrochen.",
  },
  en: {
    "handoffProof.pdf": "Proof (PDF)",
    "handoffProof.csv": "Proof (CSV)",
    "handoffProof.row": "Proof § 6a",
    "handoffProof.monthPdf": "Proof {month}, {property} (PDF)",
    "handoffProof.tooSlow": "The proof took longer than {seconds} seconds and was stopped. Please try again later.",
    "handoffProof.tooLarge": "The proof is too large to make at once.",
    "handoffProof.cancelled": "The proof was cancelled.",
  },
};

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    handoffProof: typeof handoffProof;
  }
}
