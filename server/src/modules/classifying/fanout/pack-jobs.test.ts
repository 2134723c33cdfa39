import { describe, expect, it } from 'vitest';
import { FANOUT_PRODUCTS_PER_JOB, packJobs } from './fanout.service.js';

const gtins = (n: number) => Array.from({ length: n }, (_, i) => String(i).padStart(14, '0'));

describe('packJobs (fan-out planning)', () => {
  it('packs small companies into one job and splits big runs so processes can share them', () => {
    const small = Array.from({ length: 100 }, (_, i) => ({ companyId: `c${i}`, gtins: gtins(1), products: 100 }));
    expect(packJobs(small)).toHaveLength(1);
    const big = Array.from({ length: 10 }, (_, i) => ({
      companyId: `c${i}`,
      gtins: gtins(1),
      products: FANOUT_PRODUCTS_PER_JOB,
    }));
    expect(packJobs(big)).toHaveLength(10);
    // a company with 5,000 GTINs goes in steps of at most 2,000 GTINs
    const wide = packJobs([{ companyId: 'w', gtins: gtins(5000), products: 5000 }]).flat();
    expect(wide.map((s) => s.gtins.length)).toEqual([2000, 2000, 1000]);
  });
});
