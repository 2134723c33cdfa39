import type { ReadProblem } from '../read/document-model.js';

/**
 * The problem rows one import writes: the first `max` as they come, then only counted, and one row at the end saying
 * how many more there were (issue 35: a ZIP of 100,000 unreadable files costs one row, not 100,000). A row about a
 * whole uploaded file (no line, the file's own name: a ZIP's files past its limit, the time budget) is always
 * written; there are at most a few per file. The import's count of problems still counts every one.
 */
export class ProblemRows {
  private written = 0;
  private unlisted = 0;
  private files = new Set<string>();

  constructor(
    private readonly max: number,
    private readonly fileName: string,
  ) {}

  /** The upload's files, by the names their rows carry. */
  setFiles(names: string[]) {
    this.files = new Set(names);
  }

  /** The rows of `rows` still within the limit, and the rows about whole files. */
  take(rows: ReadProblem[]): ReadProblem[] {
    if (this.written + rows.length <= this.max) {
      this.written += rows.length;
      return rows;
    }
    return rows.filter((r) => {
      if (r.line === null && this.files.has(r.fileName)) return true;
      if (this.written < this.max) return ++this.written > 0;
      this.unlisted++;
      return false;
    });
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
