-- The sender's postal address for the printed letters' return line above the address window
-- (DIN 5008 form B) and their letterhead, as the owner writes it ("Musterweg 1, 20095 Hamburg").
-- Kept on the owner's text for all properties (property ''); NULL: none stored, the return line
-- then names the sender alone. lib/residents/texts/texts.ts reads and writes it.
ALTER TABLE handoff_texts ADD COLUMN sender_address text;
