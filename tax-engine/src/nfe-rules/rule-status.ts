/**
 * Why each rule of the index (reference-data/nfe-rules-index.tsv) that the book does not implement is not checked:
 * either it cannot be checked offline (SEFAZ's records, the taxpayer registry, the signature, the connection, a UF's
 * own parameters) or it is not implemented yet, with the concrete reason. conformance.test.ts fails when a rule of the
 * index is neither in the book nor here (decision 072). Texts in Portuguese: they go to the conformance table.
 */

export type RuleStatusKind = 'offline' | 'pendente';

export interface RuleStatus {
  status: RuleStatusKind;
  motivo: string;
}

// Not checkable offline.
const records =
  'Depende da base de dados da SEFAZ (NF-e autorizadas, canceladas, denegadas, inutilizadas ou em processamento).';
const registry =
  'Depende do cadastro de contribuintes da SEFAZ (CCC, credenciamento, dados cadastrais do emitente ou do destinatário).';
const ccg = 'Depende do Cadastro Centralizado de GTIN (CCG), consultado pela SEFAZ.';
const connection =
  'Depende do Web Service que recebe a nota (UF autorizadora, ambiente, SVC acessada, certificado da conexão, lote), não do documento.';
const message =
  'Regra da mensagem recebida pelo Web Service (tamanho, XML, namespace, codificação, schema): o XSD é conferido à parte por POST /nfe/validate (rejeição 225) e o corpo pelo leitor da chamada.';
const signature =
  'Assinatura digital e certificado ICP-Brasil: a validação roda antes da assinatura (o ERP assina) e não recebe o certificado.';
const batch = 'Regra do lote de envio (enviNFe, indSinc), não do documento.';
const events = 'Regra de evento (cancelamento, eventos da NT 2025.002), não da NF-e.';
const ufParameter =
  'Depende de parâmetro que cada UF configura e não publica em tabela (valor limite, UF que admite ou exige, lista da UF).';
const csc =
  'Depende do CSC (código de segurança do contribuinte), segredo cadastrado na SEFAZ que a validação não recebe.';

// Not implemented yet.
const revoked =
  'Riscada (revogada) no MOC 7.0 anexo I, como a NT 2019.001 v1.50 a deixou; fica no índice por constar da tabela de códigos.';
const future = 'Marcada "implementação futura" no MOC 7.0 anexo I (não posta em produção até a publicação do manual).';
const ufDiscretion =
  'Linha lida: regra opcional, a critério da UF (por UF, modelo ou CST), sem tabela pública de quais UF a aplicam; não implementada.';
const changedByNt =
  'Alterada pela NT 2025.002 (o índice a lista também na NT), cujo texto novo não foi lido: a linha do MOC sozinha pode rejeitar o que a NT passou a aceitar.';
const gs1 = 'Exige a "Tabela Prefixo GS1" publicada no Portal da NF-e, que o projeto não tem.';
const pending = (what: string) => `Linha lida no MOC 7.0 anexo I; ainda não implementada: ${what}`;
const notRead =
  'Condição e exceções da regra não lidas no texto do MOC/NT (só a mensagem, que não basta para decidir sem risco de rejeitar nota válida).';
const reception = 'Depende do momento do recebimento (seria alerta); o limite e as exceções da regra não foram lidos.';
const cbenef =
  'A critério da UF, com a tabela cBenef de cada UF (o projeto tem a de SP, PR, RJ, RS e SC) e exceções por UF cujo texto não foi lido.';
const seletivo =
  'Imposto Seletivo: tabelas de CST/cClassTrib do IS e regras de alíquota ainda não carregadas no motor; texto da regra não lido.';
const qrcodeV1 =
  'QR-Code versão 100 (parâmetros chNFe=…&nVersao=100): linha lida, não implementada — só em NFC-e emitidas até 30/09/2018; depois a ZX02-15 (903) a recusa.';
const qrcodeCdata =
  'Escape do "&" em vez de CDATA: a árvore lida não guarda se o texto veio em CDATA ou com &amp; (o mesmo texto depois da leitura).';
const zx0110 =
  'Riscada pela NT 2026.002 (NF-e com DANFE Simplificado Tipo 2, tpImp 6, leva o QR-Code); a data em que deixa de valer não foi lida.';

const entries: [string, RuleStatusKind, string][] = [];
const add = (status: RuleStatusKind, motivo: string, ids: string) => {
  for (const id of ids.split(/\s+/).filter(Boolean)) entries.push([id, status, motivo]);
};

add('offline', records, 'B25-65 BA02-50 BB05-170 BB05-190 BB05-200 I70-10 ZB02-30');
add('offline', connection, 'B02-10 B02-20 B06-20 B24-10 B22-60 B22-70 B26-40 C02-20 C02a-30');
add('offline', signature, 'F03');
add('offline', ufParameter, 'W03-20 W04-20 W06-20 W16-20 W16-30 W16-40 W16-50 W16-60 C21-10 E16a-30 E16a-35 B06-10');
add('offline', ufParameter, 'B09-30 B09-50 B22-20 B25b-30 N12a-30 ZB02-20 ZD01-10 ZD07-10 ZF05-10');
add('offline', csc, 'ZX02-104 ZX02-108 ZX02-304 ZX02-308 ZX02-120 ZX02-320');

add('pendente', reception, 'B09-10 B09-40 B28-30 B28-40 B10a-20 B10a-30 I83-10 Y09-50 UB132-10');
add('pendente', 'Exige a tabela de produtos da ANP, que o projeto não tem.', 'LA02-10');
add('pendente', 'Exige a tabela de códigos de crédito presumido (cCredPres), que o projeto não tem.', 'UB122-10');
add('pendente', revoked, 'I05f-10 I05f-20 I05f-30');
add('pendente', cbenef, 'N12-85 N12-86 N12-90 N12-94 N12-98');
add('pendente', seletivo, 'UB01-10 UB01-20 UB01-30 UB02-10 UB03-10 UB05-10 UB06-10 UB07-10 UB08-10 UB11-10');
add(
  'pendente',
  'Texto da regra (composição da base por ano) não lido; a NT 2025.002 a marca "implementação futura, aguardando orientação normativa" e a NT 2026.008 a remove.',
  'UB16-10',
);
add(
  'pendente',
  'Suspensa pelo ENCAT a partir de 01/01/2022 (aviso sobre o DIFAL da LC 190/2022) e alterada pela NT 2025.002, cujo texto novo não foi lido; as exceções 1 a 12 do MOC foram lidas em páginas públicas, mas não o estado atual da regra.',
  'NA01-20',
);
add(
  'pendente',
  'Lista de CFOP admitidos na devolução e no retorno do MEI (CRT 4) não lida na NT 2025.002; páginas públicas listam só os CFOP do MEI em geral.',
  'I08-141',
);
add('pendente', qrcodeV1, 'ZX02-24 ZX02-28 ZX02-32 ZX02-40 ZX02-44 ZX02-48 ZX02-52 ZX02-56 ZX02-60 ZX02-64 ZX02-68');
add('pendente', qrcodeV1, 'ZX02-72 ZX02-76 ZX02-80 ZX02-84 ZX02-88 ZX02-92 ZX02-96 ZX02-100 ZX02-112 ZX02-116');
add('pendente', qrcodeCdata, 'ZX02-22');
add('pendente', zx0110, 'ZX01-10');
add(
  'pendente',
  'Assinatura do QR-Code v3 off-line (NT 2025.001): conferível com o certificado da própria nota, não com o CSC; a entrada assinada e o algoritmo (Manual do DANFE NFC-e 6.0, item 4.4) não foram lidos.',
  'ZX02-338',
);
// Rows read in the transcription of the annex (decision 072) and not implemented, each with its reason.
add('pendente', future, 'I05-30 I09-10 I13-10 I19-10 I29a-20 I51-20 I53-10 LB01-20 N23b-20 N27d-10 NA15-10 NA17-10');
add('pendente', revoked, 'N07-10 N12-84 N12-88 N33-10');
add('pendente', ufDiscretion, 'N12-97');
add(
  'pendente',
  'Linha lida no MOC 7.0 anexo I (NT 2018.005, Facul., "Implementação opcional a critério da UF"): CST 60 / CSOSN 500 com indFinal=1 exige o grupo do ICMS Efetivo (N33). Não aplicada: NF-e autorizadas sem o grupo (SP, produção 2025; MA, homologação 2021, no corpus de bench/rule-book-real-nfe.ts) mostram que UF não a aplicam, e não há tabela pública das que aplicam a 906.',
  'N12-82 N12a-60',
);
add(
  'pendente',
  'Linha lida no MOC 7.0 anexo I (NT 2018.005 v1.30, Facul., "Implementação opcional a critério da UF", só modelo 55): CST 60 / CSOSN 500 com indFinal=0 exige vBCSTRet, pST e vICMSSTRet. Não aplicada: aplicada, marcava 938 em 50 itens limpos de Simples Nacional de SP (CSOSN 500 sem o ICMS-ST retido) no mês do bench/audit-precision.ts, e não há tabela pública das UF que aplicam a 938.',
  'N12-81 N12a-50',
);
add('pendente', changedByNt, 'B25-50 B25-60 Q01-20 S01-20 E18-30 B25b-20 B25-70');
add('pendente', gs1, 'I03-20 I12-20');
add('offline', ufParameter, 'B06-30 B06-40 YA04a-20');
add('offline', connection, 'B22-30');
add(
  'pendente',
  pending('exige a tabela de unidades tributáveis do comércio exterior por NCM, que o projeto não tem.'),
  'I14-10',
);
add(
  'pendente',
  pending('exige a tabela de cEnq (reference-data/ipi-enquadramento.csv), que o motor ainda não recebe em NfeTables.'),
  'O06-10',
);
add(
  'pendente',
  pending('a linha lista 64 códigos ANP sujeitos a repasse interestadual, ainda não transcritos para o motor.'),
  'N08-10',
);
add(
  'pendente',
  pending(
    'exige a tabela de percentuais de FCP por UF da regra, que o projeto não tem (icms-uf.csv traz só o FCP padrão).',
  ),
  'N17b-20',
);
add(
  'pendente',
  pending(
    'exige a tabela de percentuais de FCP por UF da regra, que o projeto não tem (icms-uf.csv traz só o FCP padrão).',
  ),
  'N27b-20',
);
add(
  'pendente',
  pending(
    'as notas de exemplo e as fixtures do audit de documentos ainda não trazem CEST nos itens com ST; aplicá-la antes disso rejeitaria os próprios exemplos.',
  ),
  'N23-10',
);
add(
  'pendente',
  pending('lista de CFOP da NFC-e do MOC 7.0; NTs posteriores (não lidas) podem tê-la ampliado.'),
  'I08-150',
);
add(
  'pendente',
  pending(
    'exceções que dependem da data de emissão da nota referenciada (exceção 5) e texto das últimas exceções cortado na transcrição lida.',
  ),
  'N16-04',
);
add(
  'pendente',
  pending('fora da finalidade normal e nos retornos a regra usa o ano da nota referenciada, que o documento não traz.'),
  'NA11-10',
);
add(
  'pendente',
  pending(
    'a linha ("endereço no exterior e UF diferente de EX") é circular no MOC 7.0 e a NT 2022.002 a redocumentou; texto novo não lido.',
  ),
  'E12-10',
);
add(
  'pendente',
  pending('o literal de homologação exige mudar as notas de exemplo em homologação; não feito nesta etapa.'),
  'E04-20',
);
add(
  'pendente',
  pending('o literal de homologação exige mudar as notas de exemplo em homologação; não feito nesta etapa.'),
  'I04-10',
);
add('pendente', pending('o dígito verificador da inscrição Suframa não tem fonte lida no projeto.'), 'E18-20');
add('pendente', pending('exige a lista de códigos ANP da seção 8.11 do MOC Visão Geral, não lida.'), 'X04-10');
add('pendente', future, 'UB104-10 UB105-10');
add(
  'pendente',
  pending(
    'linhas lidas na NT 2025.002 v1.31: exigem os indicadores ind_gMonoPadrao, ind_gMonoReten, ind_gMonoRet e ind_gMonoDif do cClassTrib, que NfeTables não traz.',
  ),
  'UB84a-10 UB84a-20 UB90-10 UB90-20 UB94-10 UB94-20 UB99-10 UB99-20',
);
add(
  'pendente',
  pending(
    'linhas lidas na NT 2025.002 v1.31; antes de aplicá-las falta conferir que a NF-e completada por POST /nfe/complete traz gTribCompraGov nas compras governamentais.',
  ),
  'UB82a-10 UB82a-20 UB82a-30',
);
// Group by group, the rules whose row text (condition and exceptions) was not read.
add('pendente', notRead, 'B26-50');
// Group BA, rows read in the annex's transcription (decision 072's): the contranota de produtor is an entrada "from a
// sender of the same UF with a rural producer's IE", which only the taxpayer registry tells; BA20-30 is the UF's list.
add(
  'offline',
  'Linha lida no MOC 7.0 anexo I: a contranota de produtor é a nota de entrada de remetente da mesma UF "com IE de Produtor Rural", o que só o cadastro de contribuintes da SEFAZ diz; e o controle da contranota é opcional, a critério da UF.',
  'BA10-20 BA10-30 BA10-40 BA10-50',
);
add('offline', ufParameter, 'BA20-30');
const v140Rows =
  'Criadas na NT 2025.002 v1.40 (histórico da NT: BB05 com o campo refDFeAnt, C22 com ISUFemit), ausentes do PL_010 v1.30 de reference-data/nfe-xsd; a conversão pública lida é a da v1.31, sem essas linhas: condição e exceções não lidas.';
add('pendente', v140Rows, 'BB05-10 BB05-20 BB05-30 BB05-40 BB05-50 BB05-60 BB05-70 BB05-80 BB05-90 BB05-100 BB05-110');
add('pendente', v140Rows, 'BB05-120 BB05-130 BB05-140 BB05-150 BB05-160 BB05-180');
add('pendente', v140Rows, 'C22-10 C22-20');

add(
  'pendente',
  'Linha lida na NT 2025.002 v1.31 (p. 29): "implementação futura", só no Amazonas, e depende de o emitente ter inscrição de indústria incentivada (cadastro da SEFAZ).',
  'I05k-30',
);
add(
  'pendente',
  pending('o formato e o dígito do número RECOPI estão na seção 8.5 do MOC Visão Geral, não lida.'),
  'LB01-30',
);
add(
  'pendente',
  'Linha lida na NT 2025.002 v1.31 (p. 29): exige a Tabela de Combustíveis Sujeitos à Tributação Monofásica (coluna cProdANP) do Portal da NF-e, que o projeto não tem; e a v1.50 reformulou as regras da monofasia dos combustíveis, cujo texto não foi lido.',
  'N12-110',
);
add(
  'pendente',
  'Linha lida na NT 2025.002 v1.31 (p. 47: dois itens com o mesmo tpCredPresIBSZFM em gCredPresIBSZFM); a restrição ' +
    'surpreende para um grupo por item e a linha da v1.40 não foi lida.',
  'UB133-10',
);
add('pendente', 'Marcada "Implementação Futura" na NT 2025.002 v1.31 (p. 47).', 'VB01-05');
add(
  'pendente',
  'Linha lida na NT 2025.002 v1.31 (p. 48); versões posteriores a reescreveram (referência por item obrigatória na ' +
    'devolução, refNFe vedada, produção adiada) e a linha da v1.40 não foi lida.',
  'VC02-14',
);
add(
  'pendente',
  'Na v1.31 (p. 48) a 1102 é "devolução com referenciamento a nível de item exige o item da NF-e original"; a v1.40 ' +
    'dá à 1102 outra mensagem (local de fornecimento), cuja linha não foi lida.',
  'VC02-15',
);
add(
  'pendente',
  'Linha lida na NT 2025.002 v1.31 (p. 49), cujas exceções (tpNFDebito 03, finNFe 4) a própria v1.31 corrigiu; a ' +
    'linha da v1.40 não foi lida.',
  'VC02-30',
);

// NT 2025.002 rows of groups B, UB, VC and Y not implemented after its v1.31 text was read (public PDF→Markdown
// conversion, p. 26–50) and the later versions' histories (v1.32 … v1.51, p. 4–6) were checked; each with its reason.
const v131 = (page: string, why: string) => `Linha lida na NT 2025.002 v1.31 (${page}); ${why}`;
const changedLater = (v: string) => ` Alterada na v${v}, cujo texto novo não foi lido.`;
add(
  'pendente',
  v131('p. 27', 'alterada nas v1.36 e v1.51 (exceções por tpNFCredito), cujo texto novo não foi lido.'),
  'B25-80',
);
add(
  'pendente',
  v131(
    'p. 28',
    'vale de 2027 em diante por tpEnteGov 1 a 4; a v1.40 mudou os valores de tpEnteGov (BB02) e a redistribuição do art. 473 da LC 214/2025 não foi conferida com o cálculo do motor.',
  ),
  'B32-10',
);
add(
  'pendente',
  'Criadas na v1.40 (cIndOp, B25d), campo ausente do PL_010 v1.30 de reference-data/nfe-xsd; texto das linhas não lido.',
  'B25d-10 B25d-20 B25d-30',
);
// UB13-39/44/45, UB112-20, UB116-20, UB120-20 and UB131-30 are in the book (rules-ibscbs-groups.ts): their indicators
// reach the engine through NfeTables. The rows below use the same indicators but a later version changed them.
const indicatorChanged = (page: string, ind: string, v: string) =>
  v131(
    page,
    `usa o indicador ${ind} (que NfeTables já leva ao motor), mas foi alterada na v${v}, cujo texto novo não foi lido: a linha da v1.31 pode rejeitar o que a versão nova aceita.`,
  );
add('pendente', indicatorChanged('p. 33', 'ind_gIBSCBSMono do CST', '1.35 e na v1.51'), 'UB13-40');
add('pendente', indicatorChanged('p. 44', 'ind_gAjusteCompet do CST', '1.51'), 'UB112-10');
add('pendente', indicatorChanged('p. 46', 'ind_gCredPresIBSZFM do CST', '1.51'), 'UB131-20');
add('pendente', indicatorChanged('p. 44', 'ind_gEstornoCred do cClassTrib', '1.51'), 'UB116-10');
add(
  'pendente',
  v131(
    'p. 45–46',
    'exige os indicadores ind_gIBSCredPres e ind_gCBSCredPres da tabela de crédito presumido (cCredPres), que o projeto não tem.',
  ),
  'UB123-20 UB127-20',
);
add(
  'pendente',
  v131(
    'p. 45–46',
    'exige os indicadores ind_gIBSCredPres e ind_gCBSCredPres da tabela de crédito presumido (cCredPres), que o projeto não tem.' +
      changedLater('1.40'),
  ),
  'UB123-10 UB127-10',
);
add(
  'pendente',
  v131(
    'p. 34',
    'exige a "Tabela Índice de mistura do Biocombustível" publicada no Portal da NF-e (Documentos, Diversos), que o projeto não tem.',
  ),
  'UB14-30 UB14-50',
);
add(
  'pendente',
  v131(
    'p. 34',
    'a v1.52 a removeu (a tabela do UB14 passa da UB14-30 à UB14-50; registro da implementação pública sinete-dev/sinete): aplicá-la rejeitaria o que a SEFAZ passou a aceitar.',
  ),
  'UB14-40',
);
add(
  'pendente',
  'Criadas na v1.40 (cClassTrib × tpNFDebito/tpNFCredito); a tabela da NT só foi vista em implementação de terceiros (sinete-dev/sinete), a linha com suas exceções não foi lida.',
  'UB14-60 UB14-70 UB14-80',
);
add(
  'pendente',
  v131(
    'p. 35–39',
    'compara pRedAliq com o percentual de redução do cClassTrib (PERE_VALOR_IBSUF/IBSMUN/CBS dos dados da calculadora), que NfeTables não leva ao motor.',
  ),
  'UB27-10 UB46-10 UB65-10',
);
add(
  'pendente',
  'Criada na v1.40 e alterada na v1.51: alíquota da CBS a partir de 2027, a publicar; texto da linha não lido.',
  'UB56-20',
);
add(
  'pendente',
  'Criadas na v1.40 (gDevTrib "informado indevidamente"); a linha da NT não foi lida, só duas implementações de terceiros (sinete-dev/sinete e um estudo da v1.50), que a leem sem condição — mas as linhas de valor da própria NT (v1.31) descontam vDevTrib do tributo de cada esfera, e uma recusa incondicional do grupo rejeitaria o documento que elas aceitam: condição e exceções por confirmar no texto da NT.',
  'UB24-10 UB43-10 UB62-10',
);
add(
  'pendente',
  'Criadas na v1.40 com pDevTrib (devolução de tributos, cashback), campo ausente do PL_010 v1.30 de reference-data/nfe-xsd; texto das linhas não lido.',
  'UB62a-10 UB63-10',
);
add(
  'pendente',
  'Criadas na v1.40 (grupo gALCZFMCBS, ausente do PL_010 v1.30 de reference-data/nfe-xsd; UB66a-20 alterada na v1.51); texto das linhas não lido, só resumos de terceiros.',
  'UB66a-10 UB66a-20 UB66c-10 UB66e-10',
);
add(
  'pendente',
  'Criada na v1.40 (1193, emitente das notas referenciadas); a NT 2026.002 v1.10/v1.11 dá o mesmo id a outra regra (679, NF-e de saída que referencia NFC-e, produção em 14/12/2026, segundo resumo público da NT); nenhuma das duas linhas foi lida.',
  'VC02-40',
);
add(
  'pendente',
  'Criada na v1.40 (1194) e removida pela NT 2026.002 v1.10, segundo resumo público da NT; linha não lida.',
  'VC02-50',
);
add(
  'pendente',
  'Regra da NT 2025.001 (853): uma página pública de ERP a descreve como dup informado com indPag 0, mas a linha da NT, com suas exceções, não foi lida.',
  'Y09-40',
);

/** Explicit statuses by rule id (a rule listed twice is a mistake the conformance test reports). */
export const RULE_STATUS: ReadonlyMap<string, RuleStatus> = new Map(
  entries.map(([id, status, motivo]) => [id, { status, motivo }]),
);
export const duplicatedStatuses = (): string[] => {
  const seen = new Set<string>();
  return entries.map(([id]) => id).filter((id) => seen.has(id) || !seen.add(id));
};

const stages: Record<string, string> = {
  '1': registry,
  '2': records,
  '3': records,
  '4': records,
  '5': registry,
  '7': registry,
  '8': registry,
  '9': ccg,
  '11': records,
};

/**
 * The status of a rule the book does not implement: the explicit list, else what its id says — a leading stage number
 * (1, 5, 7, 8 registry; 2, 3, 4, 11 SEFAZ's records; 9 the GTIN registry), a check of the message, the batch or an
 * event. Undefined: not classified (the conformance test fails).
 */
export function statusOf(id: string, grupo: string): RuleStatus | undefined {
  const explicit = RULE_STATUS.get(id);
  if (explicit) return explicit;
  const stage = /^(\d+)[A-Z]/.exec(id)?.[1];
  if (stage && stages[stage]) return { status: 'offline', motivo: stages[stage] };
  if (grupo === 'Lote') return { status: 'offline', motivo: batch };
  if (grupo === 'Eventos') return { status: 'offline', motivo: events };
  if (grupo === 'Mensagem') {
    if (/^[AB]\d/.test(id)) return { status: 'offline', motivo: connection };
    if (/^D\d/.test(id)) return { status: 'offline', motivo: message };
    return { status: 'offline', motivo: signature };
  }
  return undefined;
}
