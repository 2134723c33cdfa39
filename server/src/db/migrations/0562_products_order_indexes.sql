-- The products page ordered by description (issue 13's sortable columns) sorted every product of the
-- company before taking a page: a top-N sort over 100k rows on every click. With this index the page
-- is read in order and stops after its rows. The order's tie-breaker (id) follows the direction, so
-- one index serves both directions (a backward scan for DESC).
CREATE INDEX products_company_description_idx ON products (company_id, description, id) INCLUDE (status);
