import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

// Settings read at start: a value that would break every call stops the start with a message naming the variable,
// and every on/off variable reads the same words (decision 073).
describe('config: the NF-e schema thread settings', () => {
  it('NFE_SCHEMA_TIMEOUT_MS below 100 ms stops the start (0 would time out every check)', () => {
    expect(() => loadConfig({ NFE_SCHEMA_TIMEOUT_MS: '0' })).toThrow(/NFE_SCHEMA_TIMEOUT_MS inválido: "0"/);
    expect(() => loadConfig({ NFE_SCHEMA_TIMEOUT_MS: '99' })).toThrow(/de 100 a 600000/);
    expect(loadConfig({ NFE_SCHEMA_TIMEOUT_MS: '100' }).nfeSchemaTimeoutMs).toBe(100);
    expect(loadConfig({}).nfeSchemaTimeoutMs).toBe(15_000);
  });

  it('the queue ceilings: defaults, megabytes, and 0 refused', () => {
    const d = loadConfig({});
    expect(d.nfeSchemaMaxPending).toBe(64);
    expect(d.nfeSchemaMaxQueuedBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ NFE_SCHEMA_MAX_QUEUED_MB: '8' }).nfeSchemaMaxQueuedBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ NFE_SCHEMA_MAX_PENDING: '0' })).toThrow(/NFE_SCHEMA_MAX_PENDING inválido/);
    expect(() => loadConfig({ NFE_SCHEMA_MAX_QUEUED_MB: '0' })).toThrow(/NFE_SCHEMA_MAX_QUEUED_MB inválido/);
  });

  it('NFE_SCHEMA_THREAD and DOCUMENTS_AUDIT_RULES read on/off the same way; another word stops the start', () => {
    for (const off of ['0', 'false', 'off', 'FALSE']) {
      const c = loadConfig({ NFE_SCHEMA_THREAD: off, DOCUMENTS_AUDIT_RULES: off });
      expect([c.nfeSchemaThread, c.documents.auditRules]).toEqual([false, false]);
    }
    for (const on of ['1', 'true', 'on', '']) {
      const c = loadConfig({ NFE_SCHEMA_THREAD: on, DOCUMENTS_AUDIT_RULES: on });
      expect([c.nfeSchemaThread, c.documents.auditRules]).toEqual([true, true]);
    }
    expect(() => loadConfig({ NFE_SCHEMA_THREAD: 'talvez' })).toThrow(/NFE_SCHEMA_THREAD inválido: "talvez"/);
    expect(() => loadConfig({ DOCUMENTS_AUDIT_RULES: 'nope' })).toThrow(/DOCUMENTS_AUDIT_RULES inválido/);
  });
});
