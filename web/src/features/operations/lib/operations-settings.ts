import {
  caracTribValues,
  finalityValues,
  operationKinds,
  operationsDefaults,
  type TCaracTrib,
  type TFinality,
  type TOperationKind,
  ufs,
} from '@app/contract';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

/** The operations query form, remembered in localStorage 'OperationsSearchSettings' (spec 02 §3). */
export interface OperationsSettings {
  cfop: TOperationKind | '';
  uf: string;
  caracTrib: TCaracTrib;
  finality: TFinality;
  simplesN: 'S' | 'N';
  substICMS: 'S' | 'N';
}

export const defaultOperationsSettings: OperationsSettings = {
  cfop: operationsDefaults.cfop,
  uf: '',
  caracTrib: operationsDefaults.caracTrib[0] ?? 3,
  finality: operationsDefaults.finality,
  simplesN: operationsDefaults.simplesN,
  substICMS: operationsDefaults.substICMS,
};

const oneOf = <T>(values: readonly T[], v: unknown, fallback: T): T => (values.includes(v as T) ? (v as T) : fallback);

/** Reads the remembered settings, falling back field by field to the defaults of spec 02 §9. */
export function loadOperationsSettings(storage: Storage = localStorage): OperationsSettings {
  const raw = readJson<Partial<Record<keyof OperationsSettings, unknown>> & { caracTrib?: unknown }>(
    storage,
    storageKeys.operationsSearchSettings,
    {},
  );
  const d = defaultOperationsSettings;
  const carac = Array.isArray(raw.caracTrib) ? raw.caracTrib[0] : raw.caracTrib;
  return {
    cfop: raw.cfop === '' ? '' : oneOf(operationKinds, raw.cfop, d.cfop as TOperationKind),
    uf: raw.uf === '' ? '' : oneOf<string>(ufs, raw.uf, d.uf),
    caracTrib: oneOf(caracTribValues, carac, d.caracTrib),
    finality: oneOf(finalityValues, raw.finality, d.finality),
    simplesN: oneOf(['S', 'N'] as const, raw.simplesN, d.simplesN),
    substICMS: oneOf(['S', 'N'] as const, raw.substICMS, d.substICMS),
  };
}

export function saveOperationsSettings(settings: OperationsSettings, storage: Storage = localStorage): void {
  writeJson(storage, storageKeys.operationsSearchSettings, { ...settings, caracTrib: [settings.caracTrib] });
}
