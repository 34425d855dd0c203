/** What the viewer island needs to show one document. */
export type ViewerProps = {
  /** The project's own authorised route of the bytes, e.g. `/api/connections/{id}/documents/{documentid}/data`. */
  src: string;
  /** The document's MIME type (`application/pdf`, `application/zip`, ...). */
  mimetype: string;
  filename: string;
};
