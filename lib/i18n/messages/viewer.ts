/** Messages of the document viewer (components/viewer). */
export const viewer = {
  de: {
    "viewer.loading": "Dokument wird geladen …",
    "viewer.download": "Herunterladen",
  },
  en: {
    "viewer.loading": "Loading document …",
    "viewer.download": "Download",
  },
};
