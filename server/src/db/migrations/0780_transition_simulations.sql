-- Transition simulator (issue 25 §4, decision 039): a company's classified catalogue run through the years
-- 2026–2033 for one operation. Every product of one fiscal rule yields the same item (the catalogue holds no
-- prices: the simulation prices every item at the same nominal value), so the years are stored once per rule
-- and each product row points at its rule's result.

CREATE TABLE transition_simulations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid,
  uf_destino char(2) NOT NULL CHECK (uf_destino ~ '^[A-Z]{2}$'),
  comprador text NOT NULL CHECK (comprador IN ('contribuinte', 'consumidor_final')),
  selecao text NOT NULL CHECK (selecao IN ('todos', 'selecao', 'busca')),
  product_ids uuid[] CHECK (product_ids IS NULL OR cardinality(product_ids) BETWEEN 1 AND 1000),
  busca text CHECK (busca IS NULL OR length(busca) BETWEEN 1 AND 255),
  ano_inicial smallint NOT NULL CHECK (ano_inicial BETWEEN 2026 AND 2033),
  ano_final smallint NOT NULL CHECK (ano_final BETWEEN 2026 AND 2033),
  dia_mes char(5) NOT NULL CHECK (dia_mes ~ '^[0-9]{2}-[0-9]{2}$'),
  v_prod numeric(15, 2) NOT NULL CHECK (v_prod > 0),
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Running', 'Done', 'Failed')),
  -- Progress: distinct rules computed, then products written (the screen shows both over their totals).
  rules_total integer NOT NULL DEFAULT 0 CHECK (rules_total >= 0),
  rules_done integer NOT NULL DEFAULT 0 CHECK (rules_done BETWEEN 0 AND rules_total),
  products_total integer NOT NULL DEFAULT 0 CHECK (products_total >= 0),
  products_done integer NOT NULL DEFAULT 0 CHECK (products_done BETWEEN 0 AND products_total),
  -- Products whose rule the engine refused (the reason is on the rule's row).
  products_refused integer NOT NULL DEFAULT 0 CHECK (products_refused >= 0),
  -- Per year: the catalogue's sum of each tax and its load (written when the run is done).
  totais jsonb,
  erro text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  CONSTRAINT transition_simulations_years CHECK (ano_inicial <= ano_final),
  CONSTRAINT transition_simulations_selection CHECK (
    (selecao = 'selecao') = (product_ids IS NOT NULL) AND (selecao = 'busca') = (busca IS NOT NULL)
  )
);
CREATE INDEX transition_simulations_company_idx ON transition_simulations (company_id, created_at DESC);

-- No foreign key to fiscal_rules or products: a result belongs to its run and keeps what it computed.
CREATE TABLE transition_simulation_rules (
  simulation_id uuid NOT NULL REFERENCES transition_simulations(id) ON DELETE CASCADE,
  fiscal_rule_id uuid NOT NULL,
  -- The year rows of calculateTransition (without memória), or the engine's refusal.
  -- The item the rule gave for this operation (the body of POST /tax/transition), to redo a product's years.
  item jsonb,
  anos jsonb,
  erro text,
  products integer NOT NULL CHECK (products > 0),
  PRIMARY KEY (simulation_id, fiscal_rule_id),
  CONSTRAINT transition_simulation_rules_outcome CHECK ((anos IS NULL) <> (erro IS NULL))
);

CREATE TABLE transition_simulation_products (
  simulation_id uuid NOT NULL REFERENCES transition_simulations(id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  fiscal_rule_id uuid NOT NULL,
  internal_code text NOT NULL,
  description text NOT NULL,
  ncm char(8),
  -- Load of the first and last year and its change, in percentage points (null when refused).
  p_carga_inicial numeric(9, 4),
  p_carga_final numeric(9, 4),
  variacao numeric(9, 4),
  PRIMARY KEY (simulation_id, product_id),
  FOREIGN KEY (simulation_id, fiscal_rule_id) REFERENCES transition_simulation_rules(simulation_id, fiscal_rule_id)
    ON DELETE CASCADE
);
-- "The products whose load rises most": one index range per run.
CREATE INDEX transition_simulation_products_rise_idx
  ON transition_simulation_products (simulation_id, variacao DESC NULLS LAST, product_id);
