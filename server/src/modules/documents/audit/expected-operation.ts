import { nonContributorCaracTribs, type TOperation, type Uf } from '@app/contract';
import type { StAgreementRow } from '@app/tax-engine';
import type { DbOrTx } from '../../../db/client.js';
import {
  findBaseRuleId,
  findRule,
  findVersionView,
  findVersionViewAt,
  type RuleVersionView,
} from '../../fiscal-rules/fiscal-rules.repository.js';
import { buildOperation } from '../../operations/build-operation.js';
import { checkRuleFacts } from '../../operations/operation-rule.js';
import { loadStAgreements } from '../../st-agreements/st-agreements.read.js';
import type { CatalogueProduct } from '../documents.repository.js';
import type { FiscalDocument } from '../read/document-model.js';
import { recipientIsContributor } from './operation-checks.js';

/**
 * What the company's catalogue says one sale item should carry: the product's fiscal rule (its own link, else the
 * base rule of its NCM/CEST in the company's UF) in the version in force on the document's date, with the state
 * part of the destination UF, turned into an operation by the same builder as the operations query
 * (modules/operations). Rule versions are read once per rule, UF and day of the import (cached), and the operation once per rule, day, destination and kind of sale.
 */
export class ExpectedOperations {
  private readonly views = new Map<string, Promise<RuleVersionView | undefined>>();
  private readonly baseIds = new Map<string, Promise<string | undefined>>();
  private readonly operations = new Map<string, Promise<TOperation | null>>();
  private agreements: Promise<StAgreementRow[]> | null = null;

  constructor(
    private readonly db: DbOrTx,
    private readonly company: { uf: string },
  ) {}

  /**
   * The rule's version in force on the date; a rule created after the document (a catalogue classified while the
   * company is onboarded) has none, and its current version stands for it.
   */
  private view(ruleId: string, date: string) {
    const key = `${ruleId}:${date}`;
    let found = this.views.get(key);
    if (!found) {
      found = findVersionViewAt(this.db, ruleId, new Date(`${date}T12:00:00-03:00`)).then(
        async (v) => v ?? (await this.currentView(ruleId)),
      );
      this.views.set(key, found);
    }
    return found;
  }

  private async currentView(ruleId: string) {
    const rule = await findRule(this.db, ruleId);
    return rule ? findVersionView(this.db, rule.currentVersionId) : undefined;
  }

  /**
   * The interstate ST agreements of the company's UF as origin, read once for the import (every date: each document
   * is matched on its own), so a pair with an agreement is judged and one without data is not (decision 065).
   */
  private stAgreements() {
    this.agreements ??= loadStAgreements(this.db, { ufOrigem: this.company.uf });
    return this.agreements;
  }

  private baseRuleId(ncm: string, cest: string | null, uf: string) {
    const key = `${ncm}:${cest ?? ''}:${uf}`;
    let found = this.baseIds.get(key);
    if (!found) {
      found = findBaseRuleId(this.db, { ncm, cest, uf }).then((id) => id ?? undefined);
      this.baseIds.set(key, found);
    }
    return found;
  }

  /** The expected operation of a sale item, or null when the product has no rule (nothing to compare with). */
  async forSale(
    product: CatalogueProduct,
    doc: FiscalDocument,
    date: string,
    chargesSt: boolean,
  ): Promise<TOperation | null> {
    const ruleId =
      product.fiscalRuleId ??
      (product.status === 'F' && product.ncm
        ? await this.baseRuleId(product.ncm, product.cest, this.company.uf)
        : null);
    if (!ruleId) return null;
    const nonContributor = !recipientIsContributor(doc);
    const simples = doc.ide.CRT === '1' || doc.ide.CRT === '2';
    const destination = (doc.ufDestination ?? this.company.uf) as Uf;
    // Every item of a product sold the same way on the same day expects the same operation: built once.
    const key = `${ruleId}|${date}|${destination}|${nonContributor}|${simples}|${chargesSt}`;
    let found = this.operations.get(key);
    if (!found) {
      found = this.build(ruleId, date, destination, nonContributor, simples, chargesSt);
      if (this.operations.size >= 20_000) this.operations.clear();
      this.operations.set(key, found);
    }
    return found;
  }

  private async build(
    ruleId: string,
    date: string,
    destination: Uf,
    nonContributor: boolean,
    simples: boolean,
    chargesSt: boolean,
  ): Promise<TOperation | null> {
    const view = await this.view(ruleId, date);
    if (!view) return null;
    const stAgreements = destination === this.company.uf ? [] : await this.stAgreements();
    let sibling: RuleVersionView | undefined = view;
    if (view.version.uf !== destination) {
      const id = await this.baseRuleId(view.version.ncm, view.version.cest, destination);
      sibling = id ? await this.view(id, date) : undefined;
    }
    try {
      checkRuleFacts(view.version);
      if (sibling) checkRuleFacts(sibling.version);
      return buildOperation({
        productRule: view.version,
        originRule: view.version,
        destinationRule: sibling?.version ?? null,
        descriptions: { ncm: null, cbsCst: null, cClassTrib: null },
        companyUf: this.company.uf as Uf,
        query: {
          uf: destination,
          cfop: 'venda',
          caracTrib: [nonContributor ? nonContributorCaracTribs[0]! : 3],
          finality: 0,
          simplesN: simples ? 'S' : 'N',
          // Whether the company retains ST as substitute is not in the catalogue: the item's CST says which side it
          // took (10/30/70 charge it; otherwise it sells as substituted, CST 60, when the rule has ST).
          substICMS: chargesSt ? 'S' : 'N',
        },
        stAgreements,
        date,
      });
    } catch {
      // A rule whose stored codes the engine refuses cannot say what to expect; the operations query answers 400 for it.
      return null;
    }
  }
}
