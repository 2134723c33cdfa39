import { describe, expect, it } from 'vitest';
import { importStatusOf } from './import-status';

describe('import status shown to the analyst', () => {
  // Issue 35: an import a crash left running ends Interrupted at the next start, shown as "Interrompida".
  it('an interrupted import reads "Interrompida", in orange, not a running or failed one', () => {
    expect(importStatusOf({ status: 'Interrupted', outcome: null })).toEqual({
      label: 'Interrompida',
      color: 'orange',
    });
    expect(importStatusOf({ status: 'Running', outcome: null })).toEqual({
      label: 'Em processamento',
      color: 'yellow',
    });
  });
});
