-- The Pending-description triggers (0590) probe pending_descriptions for (partner, description) per written
-- row. With statistics taken while the table was small (a new company, or right after a large import),
-- PostgreSQL used only partner_id of the (partner_id, description_search) key as the index condition and
-- filtered descriptions row by row: an UPDATE of 10,000 Pending products (NCM set by a bulk edit) read
-- 50 million index entries and took 8 s instead of 20 ms. With the description first, any plan over this key
-- starts from the description, which alone nearly identifies the entry, whatever the statistics say.
CREATE INDEX pending_descriptions_description_key ON pending_descriptions (description_search, partner_id);
DROP INDEX pending_descriptions_key;
