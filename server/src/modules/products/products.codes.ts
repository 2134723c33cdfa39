import { productMessages } from '@app/contract';
import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** Error and audit codes of the products area (audit module Products: 3001–3019 are this issue's). */
registerErrors({
  PRODUCT_NOT_FOUND: { status: 404, message: productMessages.notFound },
  PRODUCT_PERMISSION_DENIED: { status: 403, message: 'Você não tem permissão para realizar essa ação.' },
  PRODUCT_DELETE_NOT_ALLOWED: {
    status: 400,
    message: 'Somente produtos Classificados ou Pendentes podem ser excluídos.',
  },
  PRODUCT_UNBIND_NOT_ALLOWED: {
    status: 400,
    message: 'Somente produtos Classificados com código de integração podem ser desvinculados.',
  },
  PRODUCT_BIND_NOT_ALLOWED: { status: 400, message: 'Somente produtos Pendentes podem ser vinculados.' },
  GLOBAL_PRODUCT_NOT_FOUND: { status: 404, message: 'Produto da base compartilhada não encontrado.' },
  IMPORT_FILE_REQUIRED: { status: 400, message: productMessages.fileRequired },
  IMPORT_FILE_TOO_LARGE: { status: 413, message: productMessages.fileTooLarge },
  IMPORT_ENCODING: {
    status: 400,
    message:
      'Codificação do arquivo não suportada: salve o arquivo como CSV UTF-8 ou CSV (separado por ponto e vírgula) do Excel.',
  },
  IMPORT_BINARY: {
    status: 400,
    message:
      'O arquivo contém caracteres inválidos (arquivo binário ou corrompido). Envie um CSV separado por ponto e vírgula ou uma planilha XLSX.',
  },
  IMPORT_XLS_UNSUPPORTED: {
    status: 400,
    message: 'Formato de planilha não suportado: salve a planilha como XLSX ou CSV separado por ponto e vírgula.',
  },
  IMPORT_XLSX_INVALID: { status: 400, message: 'A planilha XLSX está corrompida ou não pôde ser lida.' },
  IMPORT_LAYOUT: {
    status: 400,
    message:
      'O arquivo não está no layout esperado: colunas CodigoInterno;DescricaoProduto;GTIN/EAN separadas por ponto e vírgula.',
  },
  IMPORT_MISSING_COLUMNS: { status: 400, message: 'O arquivo não possui as colunas obrigatórias.' },
  IMPORT_MALFORMED_CSV: { status: 400, message: 'O arquivo CSV está mal formado.' },
  IMPORT_EMPTY: { status: 400, message: 'O arquivo não possui produtos para importar.' },
  IMPORT_NOT_FOUND: { status: 404, message: 'Importação não encontrada.' },
});

export const AUDIT = {
  productCreated: 3001,
  productUpdated: 3002,
  productDeleted: 3003,
  productUnbound: 3004,
  productsImported: 3005,
  productsExported: 3006,
  productBound: 3007,
  productSentToAudit: 3008,
} as const;

registerAuditCodes({
  3001: { module: 'Products', description: 'Produto cadastrado' },
  3002: { module: 'Products', description: 'Produto alterado' },
  3003: { module: 'Products', description: 'Produto excluído' },
  3004: { module: 'Products', description: 'Produto desvinculado do produto global' },
  3005: { module: 'Products', description: 'Produtos importados' },
  3006: { module: 'Products', description: 'Produtos exportados' },
  3007: { module: 'Products', description: 'Produto vinculado a um produto global' },
  3008: { module: 'Products', description: 'Produto enviado para auditoria' },
});
