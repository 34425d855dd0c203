-- When a manager first opened a document (issue #35, the month page's "gelesen"): the first fetch of
-- its file through the viewer's route (GET /api/connections/{id}/documents/{documentid}/data) by the
-- connection's owner, and who it was. Support's reads (the archived file of the delivery record) do
-- not count. One row per document, written once (INSERT … ON CONFLICT DO NOTHING).
CREATE TABLE document_reads (
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  documentid text NOT NULL,
  read_by uuid REFERENCES users(id) ON DELETE SET NULL,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, documentid)
);
