-- Foundation: extensions, partners, users, sessions, companies, access links and the audit log.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is STABLE; an IMMUTABLE wrapper lets expression indexes use it.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE partners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(trim(name)) > 0),
  name_domain text NOT NULL UNIQUE CHECK (name_domain = lower(name_domain) AND length(name_domain) > 0),
  url_logo text,
  display_name text NOT NULL,
  display_name_short text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id uuid REFERENCES partners(id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
  email text NOT NULL CHECK (email = lower(email) AND length(email) <= 254 AND email LIKE '%_@_%'),
  role text NOT NULL CHECK (role IN ('Admin', 'PartnerOwner', 'PartnerContributor', 'Member')),
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  permissions text[] NOT NULL DEFAULT '{}'
    CHECK (permissions <@ ARRAY['Create', 'Read', 'Delete', 'Import', 'Export']::text[]),
  password_hash text,
  last_access timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Everyone but the provider's Admin belongs to exactly one partner.
  CONSTRAINT users_partner_required CHECK (role = 'Admin' OR partner_id IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_partner_idx ON users (partner_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text,
  location_x double precision,
  location_y double precision
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE RESTRICT,
  -- CNPJ without punctuation: 12 alphanumeric + 2 numeric check digits (alphanumeric CNPJ, 2026).
  document char(14) NOT NULL CHECK (document ~ '^[0-9A-Z]{12}[0-9]{2}$'),
  cnae text,
  use_cnae boolean NOT NULL DEFAULT false,
  uf char(2) NOT NULL,
  razao_social text NOT NULL CHECK (length(trim(razao_social)) > 0 AND razao_social = upper(razao_social)),
  nome_fantasia text NOT NULL CHECK (length(trim(nome_fantasia)) > 0 AND nome_fantasia = upper(nome_fantasia)),
  crt text NOT NULL CHECK (crt IN ('SimplesNacional', 'SNComExcessoSublimiteDeReceitaBruta', 'RegimeNormal')),
  regime_tributario text NOT NULL CHECK (regime_tributario IN ('SimplesNacional', 'LucroReal', 'LucroPresumido')),
  regime_especial text NOT NULL DEFAULT 'N'
    CHECK (regime_especial IN ('N', 'S', 'SP62647', 'SP62843', 'TO291206', 'GO482597', 'MG_PRODINT')),
  codigo_faixa_enquadramento text NOT NULL
    CHECK (codigo_faixa_enquadramento IN ('SimplesNacional', 'LucroReal', 'LucroPresumido')),
  contribuinte_icms boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Active', 'Blocked')),
  environment text NOT NULL DEFAULT 'Prod' CHECK (environment IN ('Prod', 'Homolog')),
  fiscal_service text NOT NULL DEFAULT 'Builtin',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT companies_cnae_when_used CHECK (NOT use_cnae OR (cnae IS NOT NULL AND length(cnae) > 0))
);
CREATE UNIQUE INDEX companies_document_key ON companies (document);
CREATE INDEX companies_partner_idx ON companies (partner_id);
CREATE INDEX companies_nome_fantasia_trgm ON companies USING gin (f_unaccent(lower(nome_fantasia)) gin_trgm_ops);

CREATE TABLE user_companies (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, company_id)
);
CREATE INDEX user_companies_company_idx ON user_companies (company_id);

CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code integer NOT NULL CHECK (code BETWEEN 1000 AND 9999),
  module text NOT NULL CHECK (module IN ('Users', 'Companies', 'Products', 'FiscalRules', 'Tickets')),
  description text NOT NULL,
  actor_id uuid,
  actor_name text,
  partner_id uuid,
  company_id uuid,
  entity_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_module_time_idx ON audit_events (module, created_at);
CREATE INDEX audit_events_partner_time_idx ON audit_events (partner_id, created_at);
