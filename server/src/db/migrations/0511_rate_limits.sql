-- Issue 15: rate-limit counters in PostgreSQL, shared by every server process behind a balancer and kept
-- across restarts (they lived in each process's memory). One row per key (a hash of "route:ip" or
-- "route:e-mail") and fixed window; expired rows are reused by the next hit or swept now and then.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at);
