import { describe, expect, it } from 'vitest';
import { checkGtin, computeGtinCheckDigit, displayGtin, gtinMessages, isValidGtin, padGtin14 } from './gtin.js';
import { checkProductInput, normalizeProductSearchText, productMessages } from './products.js';

describe('GTIN check digit', () => {
  it('accepts real GTIN-8, GTIN-12, GTIN-13 and GTIN-14 numbers', () => {
    expect(isValidGtin('96385074')).toBe(true); // GTIN-8 (GS1 example)
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('7894900011517')).toBe(true); // EAN-13 (Brazil prefix 789)
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13 (GS1 example)
    expect(isValidGtin('10012345000017')).toBe(true); // GTIN-14
  });

  it('refuses a wrong check digit and lengths that are not GTIN lengths', () => {
    expect(isValidGtin('7894900011518')).toBe(false);
    expect(isValidGtin('96385075')).toBe(false);
    expect(isValidGtin('1234567')).toBe(false);
    expect(isValidGtin('78949000115171')).toBe(false);
    expect(isValidGtin('78949OOO11517')).toBe(false);
  });

  it('refuses a GTIN of all zeros (its check digit 0 is "right", but it is a placeholder; issue 24)', () => {
    expect(isValidGtin('00000000')).toBe(false);
    expect(isValidGtin('0000000000000')).toBe(false);
    expect(checkGtin('00000000000000')).toEqual({ ok: false, message: gtinMessages.allZeros });
    expect(checkGtin('0000000')).toEqual({ ok: false, message: gtinMessages.badLength });
  });

  it('computes the digit with weights 3 and 1 from the right', () => {
    expect(computeGtinCheckDigit('789490001151')).toBe(7);
    expect(computeGtinCheckDigit('9638507')).toBe(4);
  });

  it('a check digit of 0 (weighted sum a multiple of 10): the final modulo matters', () => {
    // From the right: 3·3 + 6 + 1·3 + 1 + 0 + 0 + 0 + 9 + 4·3 + 9 + 8·3 + 7 = 80 → (10 − 0) mod 10 = 0, not 10.
    expect(computeGtinCheckDigit('789490001163')).toBe(0);
    expect(isValidGtin('7894900011630')).toBe(true);
    expect(isValidGtin('96385050')).toBe(true);
    expect(checkGtin('7894900011630')).toEqual({ ok: true, gtin: '07894900011630' });
  });

  it('keeps the check digit when padded to 14 digits', () => {
    expect(padGtin14('96385074')).toBe('00000096385074');
    expect(isValidGtin(padGtin14('036000291452'))).toBe(true);
    expect(displayGtin('07894900011517')).toBe('7894900011517');
    expect(displayGtin('10012345000017')).toBe('10012345000017');
  });
});

describe('checkGtin', () => {
  it('normalises to 14 digits, stripping whitespace; empty and SEM GTIN mean no GTIN', () => {
    expect(checkGtin(' 789 4900 011517 ')).toEqual({ ok: true, gtin: '07894900011517' });
    expect(checkGtin(7894900011517)).toEqual({ ok: true, gtin: '07894900011517' });
    expect(checkGtin('')).toEqual({ ok: true, gtin: null });
    expect(checkGtin(null)).toEqual({ ok: true, gtin: null });
    expect(checkGtin('SEM GTIN')).toEqual({ ok: true, gtin: null });
  });

  it('answers the messages: too long, not digits, too short, bad check digit', () => {
    expect(checkGtin('123456789012345')).toEqual({ ok: false, message: gtinMessages.tooLong });
    expect(checkGtin('78949A0011517')).toEqual({ ok: false, message: gtinMessages.notDigits });
    expect(checkGtin('12345')).toEqual({ ok: false, message: gtinMessages.badLength });
    expect(checkGtin('7894900011518')).toEqual({ ok: false, message: gtinMessages.badCheckDigit });
  });
});

describe('product input and search text', () => {
  it('lists every field error of the register modal in order', () => {
    expect(checkProductInput({ description: ' ', internalCode: '', gtin: '1'.repeat(15) }).errors).toEqual([
      productMessages.descriptionRequired,
      productMessages.codeRequired,
      productMessages.gtinMax,
    ]);
    expect(checkProductInput({ description: 'x'.repeat(256), internalCode: 'c'.repeat(156) }).errors).toEqual([
      productMessages.descriptionMax,
      productMessages.codeMax,
    ]);
    expect(
      checkProductInput({ description: 'x'.repeat(255), internalCode: 'c'.repeat(155), gtin: '96385074' }),
    ).toEqual({ errors: [], description: 'x'.repeat(255), internalCode: 'c'.repeat(155), gtin: '00000096385074' });
  });

  it('strips whitespace for GTIN/code and pads a GTIN to 14', () => {
    expect(normalizeProductSearchText('gtin', ' 789 4900011517 ')).toBe('07894900011517');
    expect(normalizeProductSearchText('internalCode', ' AB 12 ')).toBe('AB12');
    expect(normalizeProductSearchText('description', '  água mineral ')).toBe('água mineral');
  });
});
