import { expect, it } from 'vitest';
import { describeRefusal } from './simulation-rule.js';

it("a rule's refusal shows the engine's Portuguese range errors, never decimal.js' or the runtime's English", () => {
  expect(describeRefusal(new RangeError('Valor numérico inválido: NaN'))).toBe('Valor numérico inválido: NaN');
  expect(describeRefusal(new RangeError('diaMes: 02-30 não é um dia válido de 2027 (use MM-DD).'))).toBe(
    'diaMes: 02-30 não é um dia válido de 2027 (use MM-DD).',
  );
  // Not the user's to read: the run fails with a reference instead (simulation.service.ts).
  expect(describeRefusal(new RangeError('[DecimalError] Invalid argument: 1e99999'))).toBeNull();
  expect(describeRefusal(new RangeError('Invalid time value'))).toBeNull();
  expect(describeRefusal(new RangeError('Maximum call stack size exceeded'))).toBeNull();
});
