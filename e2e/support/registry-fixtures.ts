/** Answers of the stub CNPJ registry (shape of publica.cnpj.ws), keyed by 14-digit CNPJ. */
export const registryResponses: Record<string, unknown> = {
  // Petrobras' published CNPJ; Simples = não.
  '33000167000101': {
    razao_social: 'Petroleo Brasileiro S A Petrobras',
    porte: { descricao: 'Demais' },
    simples: { simples: 'Não', mei: 'Não' },
    estabelecimento: {
      cnpj: '33000167000101',
      nome_fantasia: 'Petrobras',
      atividade_principal: { subclasse: '0600001', descricao: 'Extração de petróleo e gás natural' },
      estado: { sigla: 'RJ', ibge_id: 33 },
      cidade: { nome: 'Rio de Janeiro', ibge_id: 3304557 },
      logradouro: 'Republica do Chile',
      numero: '65',
      bairro: 'Centro',
      cep: '20031912',
      situacao_cadastral: 'Ativa',
      inscricoes_estaduais: [{ inscricao_estadual: '81281242', ativo: true, estado: { sigla: 'RJ' } }],
    },
  },
  // A Simples Nacional company for the Simples rule.
  '11222333000181': {
    razao_social: 'Mercadinho Exemplo Ltda',
    porte: { descricao: 'Micro Empresa' },
    simples: { simples: 'Sim', mei: 'Não' },
    estabelecimento: {
      cnpj: '11222333000181',
      nome_fantasia: 'Mercadinho Exemplo',
      atividade_principal: { subclasse: '4712100', descricao: 'Comércio varejista de mercadorias em geral' },
      estado: { sigla: 'MG', ibge_id: 31 },
      cidade: { nome: 'Belo Horizonte', ibge_id: 3106200 },
      situacao_cadastral: 'Ativa',
      inscricoes_estaduais: [],
    },
  },
};
