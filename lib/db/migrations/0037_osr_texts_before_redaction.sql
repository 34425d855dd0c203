-- The providers' on-site-roles messages stored before they were redacted (issue #44) may quote a resident's name,
-- e-mail or address: they keep only their type and code, as an erasure leaves them (lib/residents/reports/messages.ts
-- codesOnly; a code is upper-case letters, digits and "_"). The `osr.report` audit events of that time keep their
-- codes, never the short messages' text. Messages stored from now on are redacted as they arrive.
UPDATE osr_reports SET messages = (SELECT jsonb_agg(jsonb_build_object(
    'type', CASE WHEN m.value->>'type' IN ('error', 'warning', 'info') THEN m.value->>'type' ELSE 'error' END,
    'shortmessage', CASE WHEN m.value->>'shortmessage' ~ '^[A-Z][A-Z0-9_]{0,63}$' THEN m.value->>'shortmessage' ELSE '' END,
    'message', '') ORDER BY m.n)
  FROM jsonb_array_elements(messages) WITH ORDINALITY AS m(value, n))
WHERE jsonb_typeof(messages) = 'array' AND jsonb_array_length(messages) > 0;

UPDATE osr_report_events SET messages = (SELECT jsonb_agg(jsonb_build_object(
    'type', CASE WHEN m.value->>'type' IN ('error', 'warning', 'info') THEN m.value->>'type' ELSE 'error' END,
    'shortmessage', CASE WHEN m.value->>'shortmessage' ~ '^[A-Z][A-Z0-9_]{0,63}$' THEN m.value->>'shortmessage' ELSE '' END,
    'message', '') ORDER BY m.n)
  FROM jsonb_array_elements(messages) WITH ORDINALITY AS m(value, n))
WHERE jsonb_typeof(messages) = 'array' AND jsonb_array_length(messages) > 0;

UPDATE audit_events SET detail = (detail - 'shortmessages') || jsonb_build_object('codes', COALESCE((
    SELECT jsonb_agg(s.value ORDER BY s.n) FROM jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(detail->'shortmessages') = 'array' THEN detail->'shortmessages' ELSE '[]'::jsonb END
    ) WITH ORDINALITY AS s(value, n) WHERE s.value ~ '^[A-Z][A-Z0-9_]{0,63}$'), '[]'::jsonb))
WHERE kind = 'osr.report' AND detail ? 'shortmessages';
