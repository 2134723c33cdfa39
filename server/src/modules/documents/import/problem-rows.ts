import type { ReadProblem } from '../read/document-model.js';

/**
 * The problem rows one import writes: the first `max` as they come, then only counted, and one row at the end saying
 * how many more there were (issue 35: a ZIP of 100,000 unreadable files costs one row, not 100,000). The import's
 * count of problems still counts every one.
 */
export class ProblemRows {
  private written = 0;
  private unlisted = 0;

  constructor(
    private readonly max: number,
    private readonly fileName: string,
  ) {}

  /** The rows of `rows` still within the limit. */
  take(rows: ReadProblem[]): ReadProblem[] {
    const room = Math.max(0, this.max - this.written);
    this.written += Math.min(room, rows.length);
    this.unlisted += Math.max(0, rows.length - room);
    return rows.length > room ? rows.slice(0, room) : rows;
  }

  /** The closing row, once, when some rows were left out. */
  summary(): ReadProblem[] {
    if (this.unlisted === 0) return [];
    const n = this.unlisted;
    this.unlisted = 0;
    const max = this.max.toLocaleString('pt-BR');
    return [
      {
        fileName: this.fileName,
        line: null,
        message:
          n === 1
            ? `Mais 1 problema além do limite de ${max} listados por importação (está na contagem de problemas).`
            : `Mais ${n.toLocaleString('pt-BR')} problemas além do limite de ${max} listados por importação (estão na contagem de problemas).`,
      },
    ];
  }
}
