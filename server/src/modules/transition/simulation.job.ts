import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { SIMULATION_JOB } from './simulation.codes.js';
import { runSimulation } from './simulation.service.js';

/** Runs a queued transition simulation (started from the screen or the API). */
export const transitionSimulationJob = defineJob({
  name: SIMULATION_JOB,
  schema: z.object({ simulationId: z.uuid() }),
  handle: (app, data) => runSimulation(app.db, data.simulationId, app.log),
  expireInSeconds: 15 * 60,
  retryLimit: 2,
});
