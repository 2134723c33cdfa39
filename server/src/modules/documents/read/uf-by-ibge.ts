/**
 * The IBGE code of each state (the first two digits of a municipality's code, as the EFD's 0150 COD_MUN writes it).
 * Kept here rather than read from the tax engine's UF table: the reading thread imports this module, and loading the
 * whole engine there cost about a second per import (issue 37: one NF-e done in ≤ 2 s). A unit test holds it equal
 * to the engine's table.
 */
export const ufByIbgeCode: ReadonlyMap<string, string> = new Map(
  Object.entries({
    11: 'RO',
    12: 'AC',
    13: 'AM',
    14: 'RR',
    15: 'PA',
    16: 'AP',
    17: 'TO',
    21: 'MA',
    22: 'PI',
    23: 'CE',
    24: 'RN',
    25: 'PB',
    26: 'PE',
    27: 'AL',
    28: 'SE',
    29: 'BA',
    31: 'MG',
    32: 'ES',
    33: 'RJ',
    35: 'SP',
    41: 'PR',
    42: 'SC',
    43: 'RS',
    50: 'MS',
    51: 'MT',
    52: 'GO',
    53: 'DF',
  }),
);
