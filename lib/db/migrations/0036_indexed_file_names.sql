-- A provider's file name is cut at 255 characters where it is indexed (issue #44: a 100,000-character name stalled
-- every proof of its property); the start and the extension stay, "…" between them, as lib/connections/files.ts
-- cutName does for new rows. The whole name stays in the document's own record (`document`).
UPDATE delivery_documents
SET filename = left(filename, 254 - length(coalesce(substring(filename FROM '\.[A-Za-z0-9]{1,8}$'), '')))
  || '…' || coalesce(substring(filename FROM '\.[A-Za-z0-9]{1,8}$'), '')
WHERE length(filename) > 255;
