import { downloadFile } from '../../../lib/api-client';

/** GET /transition-simulations/{id}/export: the years and every product's load as XLSX. */
export const exportSimulation = (id: string) =>
  downloadFile(`/transition-simulations/${id}/export`, {}, 'simulacao-reforma.xlsx');
