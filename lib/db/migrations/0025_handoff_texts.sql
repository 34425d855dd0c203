-- The e-mail of the hand-off to residents as the owner words it (lib/handoffs/texts.ts): a subject
-- and a body per property of the owner's register, `property` '' being the text for all
-- properties. Placeholders such as {einheit} are filled when a mail goes out; a property without a
-- row takes the row for all properties, and without that the built-in text.
CREATE TABLE handoff_texts (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  property text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, property)
);
