import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { DOCUMENT_IMPORT_JOB } from './documents.codes.js';
import { runDocumentImport } from './import/run-import.js';

/** Imports and audits one upload of documents. Not retried: the upload's folder is gone once a run ends. */
export const documentImportJob = defineJob({
  name: DOCUMENT_IMPORT_JOB,
  schema: z.object({ importId: z.uuid() }),
  handle: (app, data) => runDocumentImport(app.db, data.importId, app.log, app.config.documents),
  expireInSeconds: 60 * 60,
  retryLimit: 0,
});
