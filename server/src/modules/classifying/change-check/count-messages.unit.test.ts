import { describeFanout } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { bindingMessages } from '../../products/classification/binding.service';
import { describeChangeCheck } from './change-check.service';

// Counts in the messages the screens show as toasts read the Brazilian way: 12.345, not 12345 (issue 13).
describe('counts in result messages', () => {
  it('groups thousands with a dot', () => {
    expect(describeChangeCheck({ amount: 12345, missing: 1002, changed: 3, finished: 2500 })).toBe(
      'Consulta concluída: 12.345 produtos verificados; 1.002 sem referência na base global; ' +
        '3 alterados; 2.500 atualizados.',
    );
    // One of each in the singular (issue 38: no "(s)").
    expect(describeChangeCheck({ amount: 1, missing: 0, changed: 1, finished: 1 })).toBe(
      'Consulta concluída: 1 produto verificado; 0 sem referência na base global; 1 alterado; 1 atualizado.',
    );
    expect(bindingMessages.batch({ linked: 1500, finalized: 1200, inAudit: 300 })).toBe(
      '1.500 produtos vinculados: 1.200 classificados e 300 em auditoria.',
    );
    const fanout = { id: '00000000-0000-0000-0000-000000000001', companies: 12, products: 4321, classified: 4321 };
    expect(describeFanout({ ...fanout, finished: true })).toBe(
      'Classificação concluída: 4.321 produtos pendentes classificados em 12 empresas.',
    );
    expect(describeFanout({ ...fanout, companies: 1, classified: 1, finished: true })).toBe(
      'Classificação concluída: 1 produto pendente classificado em 1 empresa.',
    );
    expect(describeFanout({ ...fanout, companies: 1, products: 1, finished: false })).toBe(
      'Classificação de 1 produto pendente em 1 empresa enviada para processamento.',
    );
    expect(describeFanout({ ...fanout, finished: false })).toBe(
      'Classificação de 4.321 produtos pendentes em 12 empresas enviada para processamento.',
    );
  });
});
