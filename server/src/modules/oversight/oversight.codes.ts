import { logMessages } from '@app/contract';
import { registerErrors } from '../../lib/app-error.js';

/** Error codes of the oversight area (dashboard, indicators, log export). It records no audit events: it only reads. */
registerErrors({
  LOG_PERIOD_REQUIRED: { status: 400, message: logMessages.periodRequired },
  LOG_FUTURE_DATE: { status: 400, message: logMessages.futureDate },
  LOG_END_BEFORE_START: { status: 400, message: logMessages.endBeforeStart },
  LOG_CODE_OUT_OF_MODULE: { status: 400, message: logMessages.codeOutOfModule },
});
