-- Indexes for support's search of the delivery record (lib/delivery/support/search.ts): one for
-- each branch of its `OR`, so that PostgreSQL reads the matches of a term through them (a
-- BitmapOr) instead of testing every document (2 s at a million; docs/scale.md). Each one is
-- written on every insert and update of a document by the sync: docs/scale.md has the cost.

-- Trigrams for the file name's substring test (`ILIKE '%q%'`). pg_trgm is in PostgreSQL's contrib
-- and trusted (a database owner may create it); PGlite loads it as an extension given to its
-- constructor (lib/db/client.ts), which every process opening the embedded database must give.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX delivery_documents_filename ON delivery_documents USING gin (filename gin_trgm_ops);

-- The document id alone: the primary key starts with the connection, which a search does not name.
CREATE INDEX delivery_documents_documentid ON delivery_documents (documentid);

-- The usage unit numbers; documents without one are never found by them.
CREATE INDEX delivery_documents_unit_msc ON delivery_documents (unit_msc) WHERE unit_msc IS NOT NULL;
CREATE INDEX delivery_documents_unit_pm ON delivery_documents (unit_pm) WHERE unit_pm IS NOT NULL;

-- The metadata's mscnumbers, tested as containment (`document->'metadata' @> '[{"mscnumber": q}]'`).
CREATE INDEX delivery_documents_metadata ON delivery_documents USING gin ((document->'metadata') jsonb_path_ops);
