import type { FastifyInstance } from 'fastify';
import classifyingRoutes from './classifying/classifying.routes.js';
import companiesRoutes from './companies/companies.routes.js';
import dfeRoutes from './dfe/dfe.routes.js';
import documentsRoutes from './documents/documents.routes.js';
import fiscalRulesRoutes from './fiscal-rules/fiscal-rules.routes.js';
import identityRoutes from './identity/identity.routes.js';
import integrationsRoutes from './integrations/integrations.routes.js';
import nfeValidationRoutes from './nfe-validation/nfe-validation.routes.js';
import operationsRoutes from './operations/operations.routes.js';
import oversightRoutes from './oversight/oversight.routes.js';
import partnersRoutes from './partners/partners.routes.js';
import classificationRoutes from './products/classification/classification.routes.js';
import productsRoutes from './products/products.routes.js';
import referenceRoutes from './reference/reference.routes.js';
import reformRatesRoutes from './reform-rates/reform-rates.routes.js';
import stAgreementsRoutes from './st-agreements/st-agreements.routes.js';
import healthRoutes from './tax/health/health.routes.js';
import taxRoutes from './tax/tax.routes.js';
import ticketsRoutes from './tickets/tickets.routes.js';
import transitionRoutes from './transition/transition.routes.js';
import usersRoutes from './users/users.routes.js';

/** Every API area, mounted under /v1/public. */
export async function registerModules(app: FastifyInstance) {
  await app.register(identityRoutes);
  await app.register(usersRoutes);
  await app.register(partnersRoutes);
  await app.register(companiesRoutes);
  await app.register(dfeRoutes);
  await app.register(referenceRoutes);
  await app.register(fiscalRulesRoutes);
  await app.register(productsRoutes);
  await app.register(operationsRoutes);
  await app.register(oversightRoutes);
  await app.register(ticketsRoutes);
  await app.register(taxRoutes);
  await app.register(reformRatesRoutes);
  await app.register(healthRoutes);
  await app.register(classificationRoutes);
  await app.register(classifyingRoutes);
  await app.register(transitionRoutes);
  await app.register(documentsRoutes);
  await app.register(integrationsRoutes);
  await app.register(nfeValidationRoutes);
  await app.register(stAgreementsRoutes);
}
