import { ZNamedRuleInput } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { emptyNamedRuleForm, toNamedRulePayload, validateNamedRuleForm } from './named-rule-form';

const valid = { ...emptyNamedRuleForm, description: 'Cerveja lata SP', ncm: '2203.00.00', uf: 'SP' };

describe('named rule form', () => {
  it('checks name, its length and the NCM with the spec messages, in order', () => {
    expect(validateNamedRuleForm({ ...valid, description: '  ' })).toBe(
      'É necessário informar um nome válido para regra fiscal!',
    );
    expect(validateNamedRuleForm({ ...valid, description: 'Abcde' })).toBe(
      'O nome da regra fiscal precisa ter no mínimo 5 caracteres e no máximo 300 caracteres!',
    );
    expect(validateNamedRuleForm({ ...valid, description: 'x'.repeat(300) })).toBe(
      'O nome da regra fiscal precisa ter no mínimo 5 caracteres e no máximo 300 caracteres!',
    );
    expect(validateNamedRuleForm({ ...valid, ncm: '' })).toBe('É necessário informar um NCM para regra fiscal!');
    expect(validateNamedRuleForm({ ...valid, description: 'Abcdef' })).toBeNull();
    expect(validateNamedRuleForm({ ...valid, description: 'x'.repeat(299) })).toBeNull();
  });

  it('sends the NCM without dots, pt-BR percentages with a dot and one CST pair for PIS and COFINS', () => {
    const payload = toNamedRulePayload({
      ...valid,
      aliqICMS: '18,5',
      aliqPIS: '1,65',
      cstPisCofinsSaida: '01',
      iva: '140,55',
      cest: '',
    });
    expect(payload).toMatchObject({
      ncm: '22030000',
      aliqICMS: '18.5',
      aliqPIS: '1.65',
      cstPisSaida: '01',
      cstCofinsSaida: '01',
      iva: '140.55',
      cest: null,
    });
    // the contract accepts what the form sends
    expect(ZNamedRuleInput.safeParse(payload).success).toBe(true);
  });

  it('sends the CBS/IBS rates and reductions the dialog shows (an edit writes a version from the payload alone)', () => {
    const payload = toNamedRulePayload({
      ...valid,
      aliqCBS: '8,8',
      redCBS: '60',
      ibsAliqUF: '10,2',
      ibsAliqMun: '',
      redIBS: '60,00',
    });
    expect(payload).toMatchObject({
      aliqCBS: '8.8',
      redCBS: '60',
      ibsAliqUF: '10.2',
      ibsAliqMun: null,
      redIBS: '60',
    });
    expect(ZNamedRuleInput.safeParse(payload).success).toBe(true);
  });
});
