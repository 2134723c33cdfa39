-- Who revoked a key (issue 38): the Integrações list shows revoked keys as revoked, with who and when, instead
-- of dropping them. Keys revoked before this column get their revoker from the audit trail (code 2302).
ALTER TABLE api_keys ADD COLUMN revoked_by uuid REFERENCES users(id) ON DELETE SET NULL;

UPDATE api_keys k
SET revoked_by = a.actor_id
FROM audit_events a
WHERE a.code = 2302
  AND a.entity_id = k.id::text
  AND k.revoked_at IS NOT NULL
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = a.actor_id);
