-- The sandbox's on-site-roles v2 service (lib/sandbox/osr, docs/sandbox.md, "On-site-roles v2").
-- The units it knows when the state lists them (else it knows the units its documents name), and
-- each unit's last accepted data set, kept as the text that was sent: jsonb would reorder its keys.
CREATE TABLE sandbox_osr_units (
  customer text NOT NULL,
  billingunit text NOT NULL,
  unit text NOT NULL,
  PRIMARY KEY (customer, billingunit, unit)
);

CREATE TABLE sandbox_osr_reports (
  customer text NOT NULL,
  billingunit text NOT NULL,
  unit text NOT NULL,
  client_id text NOT NULL,
  transactionid text NOT NULL UNIQUE,
  at timestamptz NOT NULL DEFAULT now(),
  sent text NOT NULL,
  PRIMARY KEY (customer, billingunit, unit)
);
