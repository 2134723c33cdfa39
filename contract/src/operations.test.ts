import { describe, expect, it } from 'vitest';
import { NIL_PRODUCT_ID, operationsMessages, ZOperationsQuery } from './operations.js';

const valid = {
  companyId: '6f1c2a52-5c1e-4b7a-9a59-0d3f1f6d3e11',
  productId: NIL_PRODUCT_ID,
  CodeIntegrator: '123',
  uf: 'BA',
  cfop: 'venda',
};

describe('ZOperationsQuery', () => {
  it('applies the spec defaults: caracTrib [3], finality 0, simplesN N, substICMS N', () => {
    const r = ZOperationsQuery.parse(valid);
    expect(r).toMatchObject({ caracTrib: [3], finality: 0, simplesN: 'N', substICMS: 'N', productId: NIL_PRODUCT_ID });
  });

  it('answers the spec messages for a missing UF and operation', () => {
    const r = ZOperationsQuery.safeParse({ ...valid, uf: '', cfop: undefined });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain(operationsMessages.ufRequired);
    expect(messages).toContain(operationsMessages.operationRequired);
  });

  it('rejects a caracTrib outside the option list (5) and more than one value', () => {
    expect(ZOperationsQuery.safeParse({ ...valid, caracTrib: [5] }).success).toBe(false);
    expect(ZOperationsQuery.safeParse({ ...valid, caracTrib: [3, 7] }).success).toBe(false);
    expect(ZOperationsQuery.safeParse({ ...valid, caracTrib: [8], finality: 2 }).success).toBe(true);
    expect(ZOperationsQuery.safeParse({ ...valid, finality: 3 }).success).toBe(false);
  });
});
