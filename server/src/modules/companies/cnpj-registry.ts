import type { TCnpjRegistryCompany, TCnpjRegistryResult } from '@app/contract';

export const CNPJ_REGISTRY_TIMEOUT_MS = 5000;

/** The parts of a publica.cnpj.ws answer we read (everything optional: the registry is not ours). */
interface RegistryAnswer {
  razao_social?: string | null;
  porte?: { descricao?: string | null } | null;
  simples?: { simples?: string | null; mei?: string | null } | null;
  estabelecimento?: {
    cnpj?: string | null;
    nome_fantasia?: string | null;
    situacao_cadastral?: string | null;
    atividade_principal?: { id?: string | null; subclasse?: string | null } | null;
    estado?: { sigla?: string | null } | null;
    cidade?: { nome?: string | null; ibge_id?: number | string | null } | null;
    inscricoes_estaduais?: {
      inscricao_estadual?: string | null;
      ativo?: boolean | null;
      estado?: { sigla?: string | null } | null;
    }[];
  } | null;
}

export interface LookupOptions {
  timeoutMs?: number;
  onFailure?: (reason: string) => void;
}

/**
 * Asks the public CNPJ registry (`${baseUrl}/${cnpj}`) about a normalized 14-character CNPJ. Any
 * failure — timeout, network, non-2xx, unreadable body — is "no result" (spec 01 §5), so the
 * form simply stays as typed.
 */
export async function lookupCnpjRegistry(
  baseUrl: string,
  cnpj: string,
  opts: LookupOptions = {},
): Promise<TCnpjRegistryResult> {
  const url = `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(cnpj)}`;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? CNPJ_REGISTRY_TIMEOUT_MS),
    });
    if (!res.ok) {
      opts.onFailure?.(`status ${res.status}`);
      return { found: false };
    }
    const mapped = mapRegistryAnswer(cnpj, (await res.json()) as RegistryAnswer);
    if (!mapped) opts.onFailure?.('resposta sem razão social');
    return mapped ?? { found: false };
  } catch (err) {
    opts.onFailure?.((err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message);
    return { found: false };
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** publica.cnpj.ws → our result; null when the answer has no company in it. */
export function mapRegistryAnswer(cnpj: string, body: RegistryAnswer): TCnpjRegistryCompany | null {
  const razaoSocial = text(body?.razao_social);
  if (!razaoSocial) return null;
  const est = body.estabelecimento ?? {};
  const uf = text(est.estado?.sigla);
  // The registry writes the subclass masked ("4712-1/00"); companies keep CNAE as digits.
  const cnaeRaw = text(est.atividade_principal?.subclasse) ?? text(est.atividade_principal?.id);
  const ibge = est.cidade?.ibge_id;
  return {
    found: true,
    cnpj: text(est.cnpj) ?? cnpj,
    razaoSocial,
    nomeFantasia: text(est.nome_fantasia),
    cnae: cnaeRaw ? cnaeRaw.replace(/\D/g, '') || null : null,
    uf,
    municipio: text(est.cidade?.nome),
    codigoIbge: ibge === null || ibge === undefined || ibge === '' ? null : String(ibge),
    porte: text(body.porte?.descricao),
    simples: body.simples?.simples === 'Sim',
    mei: body.simples?.mei === 'Sim',
    situacaoCadastral: text(est.situacao_cadastral),
    inscricaoEstadual: pickInscricaoEstadual(est.inscricoes_estaduais ?? [], uf),
  };
}

/** The active state registration of the company's own UF first, then any active one, then any. */
function pickInscricaoEstadual(
  list: NonNullable<NonNullable<RegistryAnswer['estabelecimento']>['inscricoes_estaduais']>,
  uf: string | null,
) {
  const usable = list.filter((ie) => text(ie.inscricao_estadual));
  const pick =
    usable.find((ie) => ie.ativo !== false && ie.estado?.sigla === uf) ??
    usable.find((ie) => ie.ativo !== false) ??
    usable[0];
  return pick ? text(pick.inscricao_estadual) : null;
}
