-- Indexes for the inbox (lib/delivery/inbox.ts) at 100,000 documents and more.

-- The inbox counts its groups per connection and state in unit order; with the periods included,
-- the month filter is answered from the index as well (index-only where the table is vacuumed).
CREATE INDEX delivery_documents_inbox ON delivery_documents (connection_id, state, unit_msc) INCLUDE (period_from, period_to);

-- Same keys as delivery_documents_inbox, which serves every query it served: one index less to
-- write for each document a sync records.
DROP INDEX delivery_documents_unit;
