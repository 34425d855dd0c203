-- Counts of the document index kept up to date on every write (lib/delivery/inbox.ts): the inbox's
-- totals, its unit order and its open counts are read from these instead of from a pass over all
-- of a user's documents (100,000 documents: 8,334 unit rows read instead of 100,000 index entries).
-- They are derived data, written only by the triggers below, which see every statement that
-- inserts, updates or deletes documents, whichever module runs it.

-- Documents per connection, state and usage unit (`unit_msc` NULL: the "no usage unit" group).
CREATE TABLE delivery_unit_counts (
  connection_id uuid NOT NULL,
  state text NOT NULL,
  unit_msc text,
  n integer NOT NULL
);
CREATE UNIQUE INDEX delivery_unit_counts_key ON delivery_unit_counts (connection_id, state, unit_msc) NULLS NOT DISTINCT;

-- The same per month a document's period overlaps (the inbox's `month` filter): a document of
-- 2026-05-15 to 2026-06-14 counts in May and in June. Documents without a period match no month.
CREATE TABLE delivery_unit_months (
  connection_id uuid NOT NULL,
  month date NOT NULL,
  state text NOT NULL,
  unit_msc text,
  n integer NOT NULL
);
CREATE UNIQUE INDEX delivery_unit_months_key ON delivery_unit_months (connection_id, month, state, unit_msc) NULLS NOT DISTINCT;

-- Documents per connection and state (the open counts of the inbox and of the connections page).
CREATE TABLE delivery_state_counts (
  connection_id uuid NOT NULL,
  state text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (connection_id, state)
);

-- The months a period overlaps, first days, at most 240 (a period longer than 20 years is not a
-- consumption period; its later months are not counted).
CREATE FUNCTION delivery_period_months(period_from date, period_to date) RETURNS SETOF date
LANGUAGE sql IMMUTABLE AS $$
  SELECT m::date FROM generate_series(
    date_trunc('month', period_from),
    LEAST(date_trunc('month', COALESCE(period_to, period_from)), date_trunc('month', period_from) + interval '239 months'),
    interval '1 month') AS m
  WHERE period_from IS NOT NULL
$$;

-- One statement's change: the rows it added (+1) and took away (-1).
CREATE TYPE delivery_count_delta AS (connection_id uuid, state text, unit_msc text, period_from date, period_to date, sign int);

-- Adds a statement's change to the counts. Each table's rows are written in key order, so two
-- transactions never wait for each other's count rows in opposite orders. Rows that fall to 0
-- stay (at most one per key) and are skipped by the readers. The counts of a connection that no
-- longer exists (its documents went with it) go as well. PL/pgSQL keeps the statements' plans
-- for the session (a SQL function would be planned again on every call).
CREATE FUNCTION delivery_apply_counts(delta delivery_count_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(delta) = 0 THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(delta) AS x WHERE NOT EXISTS (SELECT 1 FROM connections c WHERE c.id = x.connection_id)) THEN
    DELETE FROM delivery_state_counts WHERE connection_id IN (SELECT x.connection_id FROM unnest(delta) AS x) AND NOT EXISTS (SELECT 1 FROM connections c WHERE c.id = connection_id);
    DELETE FROM delivery_unit_counts WHERE connection_id IN (SELECT x.connection_id FROM unnest(delta) AS x) AND NOT EXISTS (SELECT 1 FROM connections c WHERE c.id = connection_id);
    DELETE FROM delivery_unit_months WHERE connection_id IN (SELECT x.connection_id FROM unnest(delta) AS x) AND NOT EXISTS (SELECT 1 FROM connections c WHERE c.id = connection_id);
    delta := ARRAY(SELECT x FROM unnest(delta) AS x WHERE EXISTS (SELECT 1 FROM connections c WHERE c.id = (x).connection_id));
  END IF;
  INSERT INTO delivery_state_counts AS c (connection_id, state, n)
    SELECT connection_id, state, sum(sign)::int FROM unnest(delta)
    GROUP BY connection_id, state HAVING sum(sign) <> 0 ORDER BY connection_id, state
  ON CONFLICT (connection_id, state) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO delivery_unit_counts AS c (connection_id, state, unit_msc, n)
    SELECT connection_id, state, unit_msc, sum(sign)::int FROM unnest(delta)
    GROUP BY connection_id, state, unit_msc HAVING sum(sign) <> 0 ORDER BY connection_id, state, unit_msc
  ON CONFLICT (connection_id, state, unit_msc) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO delivery_unit_months AS c (connection_id, month, state, unit_msc, n)
    SELECT connection_id, m, state, unit_msc, sum(sign)::int
    FROM unnest(delta) CROSS JOIN LATERAL delivery_period_months(period_from, period_to) AS m
    GROUP BY connection_id, m, state, unit_msc HAVING sum(sign) <> 0 ORDER BY connection_id, m, state, unit_msc
  ON CONFLICT (connection_id, month, state, unit_msc) DO UPDATE SET n = c.n + excluded.n;
END
$$;

CREATE FUNCTION delivery_documents_counted_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM delivery_apply_counts(ARRAY(
    SELECT ROW(connection_id, state, unit_msc, period_from, period_to, 1)::delivery_count_delta FROM new_rows));
  RETURN NULL;
END
$$;

CREATE FUNCTION delivery_documents_counted_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM delivery_apply_counts(ARRAY(
    SELECT ROW(connection_id, state, unit_msc, period_from, period_to, -1)::delivery_count_delta FROM old_rows));
  RETURN NULL;
END
$$;

-- An update counts only where a counted column changed: a sync that rewrites last_seen_at of
-- every listed row changes no count.
CREATE FUNCTION delivery_documents_counted_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM delivery_apply_counts(ARRAY(
    SELECT x FROM old_rows o JOIN new_rows n ON n.connection_id = o.connection_id AND n.documentid = o.documentid
    CROSS JOIN LATERAL (VALUES
      (ROW(o.connection_id, o.state, o.unit_msc, o.period_from, o.period_to, -1)::delivery_count_delta),
      (ROW(n.connection_id, n.state, n.unit_msc, n.period_from, n.period_to, 1)::delivery_count_delta)) AS v(x)
    WHERE (o.state, o.unit_msc, o.period_from, o.period_to) IS DISTINCT FROM (n.state, n.unit_msc, n.period_from, n.period_to)));
  RETURN NULL;
END
$$;

CREATE TRIGGER delivery_documents_counted_insert AFTER INSERT ON delivery_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_documents_counted_insert();
CREATE TRIGGER delivery_documents_counted_update AFTER UPDATE ON delivery_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_documents_counted_update();
CREATE TRIGGER delivery_documents_counted_delete AFTER DELETE ON delivery_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_documents_counted_delete();

-- The documents indexed before this migration.
SELECT delivery_apply_counts(ARRAY(
  SELECT ROW(connection_id, state, unit_msc, period_from, period_to, 1)::delivery_count_delta FROM delivery_documents));
