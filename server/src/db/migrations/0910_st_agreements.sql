-- Interstate ICMS-ST agreements as dated data (issue 37, decision 064): which ordered pair of UFs applies ST to
-- which goods of a CEST segment (Convênio ICMS 142/2018), under which Protocolo/Convênio, from when to when, with
-- its source. One row per ordered pair: a protocol signed by n states is n × (n − 1) rows, because a state
-- denounces or joins it for its own side and the dates then differ per pair.
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- The 27 UFs (kept here rather than read from a table: a CHECK cannot query one).
CREATE FUNCTION st_uf_ok(uf text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT uf = ANY (ARRAY['AC','AL','AM','AP','BA','CE','DF','ES','GO','MA','MG','MS','MT','PA','PB','PE','PI',
                         'PR','RJ','RN','RO','RR','RS','SC','SE','SP','TO'])
$$;

-- CEST codes as the Convênio prints them ('NN.NNN.NN'), at least one, sorted and without repeats, all of the
-- row's segment: the same set is then always the same array, which the exclusion constraint compares.
CREATE FUNCTION st_cest_codigos_ok(codigos text[], segmento text) RETURNS boolean LANGUAGE sql IMMUTABLE
PARALLEL SAFE AS $$
  SELECT codigos IS NULL OR (
    cardinality(codigos) > 0
    AND array_position(codigos, NULL) IS NULL
    AND NOT EXISTS (SELECT 1 FROM unnest(codigos) c WHERE c !~ '^[0-9]{2}\.[0-9]{3}\.[0-9]{2}$' OR left(c, 2) <> segmento)
    AND codigos = ARRAY(SELECT DISTINCT c FROM unnest(codigos) c ORDER BY 1)
  )
$$;

-- The key of the goods a row covers: '*' is the whole segment. array_to_string is only STABLE in general
-- (element output functions), but for text[] it is immutable, which the exclusion index needs.
CREATE FUNCTION st_cest_codigos_key(codigos text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_string(codigos, ','), '*')
$$;

CREATE TABLE st_agreements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uf_origem char(2) NOT NULL CHECK (st_uf_ok(uf_origem)),
  uf_destino char(2) NOT NULL CHECK (st_uf_ok(uf_destino)),
  cest_segmento char(2) NOT NULL CHECK (cest_segmento ~ '^[0-9]{2}$' AND cest_segmento BETWEEN '01' AND '28'),
  -- NULL: the whole segment; otherwise the CEST codes the instrument names.
  cest_codigos text[] CHECK (st_cest_codigos_ok(cest_codigos, cest_segmento)),
  -- true: ST applies between the pair for these goods; false: researched, the pair has no agreement for them.
  tem_acordo boolean NOT NULL,
  instrumento text NOT NULL CHECK (length(trim(instrumento)) BETWEEN 3 AND 200),
  -- Percent (e.g. 71.7800); NULL when the MVA varies per item or is set by the destination's law.
  mva_original numeric(9, 4) CHECK (mva_original >= 0 AND mva_original < 1000),
  vigencia_inicio date NOT NULL,
  vigencia_fim date,
  fonte_url text NOT NULL CHECK (fonte_url ~ '^https?://[^ ]+$' AND length(fonte_url) <= 1000),
  fonte_nota text NOT NULL CHECK (length(trim(fonte_nota)) BETWEEN 3 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- NULL: written by the bundled reference seed (reference-data/st-agreements.csv), not by a person.
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT st_agreements_ufs_differ CHECK (uf_origem <> uf_destino),
  CONSTRAINT st_agreements_vigencia CHECK (vigencia_fim IS NULL OR vigencia_fim >= vigencia_inicio),
  -- Two rows for the same pair and goods can never be in force on the same day (both dates inclusive).
  CONSTRAINT st_agreements_sem_sobreposicao EXCLUDE USING gist (
    uf_origem WITH =,
    uf_destino WITH =,
    cest_segmento WITH =,
    (st_cest_codigos_key(cest_codigos)) WITH =,
    daterange(vigencia_inicio, vigencia_fim, '[]') WITH &&
  )
);

-- The consumers' lookup: a pair, a segment, a date.
CREATE INDEX st_agreements_lookup ON st_agreements (uf_origem, uf_destino, cest_segmento, vigencia_inicio);
CREATE INDEX st_agreements_destino ON st_agreements (uf_destino, cest_segmento);

-- Every change of a row, kept after the row itself is deleted (no foreign key to st_agreements).
CREATE TABLE st_agreement_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agreement_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'end', 'delete', 'seed')),
  before jsonb,
  after jsonb,
  reason text NOT NULL CHECK (length(trim(reason)) BETWEEN 3 AND 500),
  changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The name at the time of the change: the history still says who after the user is deleted.
  changed_by_name text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT st_agreement_history_images CHECK (
    (action IN ('create', 'seed') AND before IS NULL AND after IS NOT NULL)
    OR (action IN ('update', 'end') AND before IS NOT NULL AND after IS NOT NULL)
    OR (action = 'delete' AND before IS NOT NULL AND after IS NULL)
  )
);
CREATE INDEX st_agreement_history_agreement ON st_agreement_history (agreement_id, id);
