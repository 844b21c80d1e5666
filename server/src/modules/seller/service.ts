import { FEC_DEFAULT_ACCOUNTS, type InvoicingSettings, type InvoicingSettingsInput } from '@atelier/contract';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { logActivity, type Actor } from '../activity/service.ts';

/**
 * The label's legal identity on its invoices (issue 24): legal name and form, capital, address,
 * SIREN/SIRET, RCS, VAT number, bank details, number prefixes, payment terms, penalties and
 * discount. One row; each invoice will keep a copy of it as it was when issued.
 */
export class SellerService {
  private readonly db: Db;

  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  async settings(): Promise<InvoicingSettings> {
    const row = await this.db.selectFrom('invoicing_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return { configured: false, settings: null, updatedAt: null };
    const saved = JSON.parse(row.settings) as InvoicingSettingsInput;
    // Settings saved before the FEC's accounts existed take the usual ones, and before deposits (issue 47) their account.
    return { configured: true, settings: { ...saved, accounts: { ...FEC_DEFAULT_ACCOUNTS, ...saved.accounts } }, updatedAt: row.updated_at };
  }

  async saveSettings(input: InvoicingSettingsInput, actor: Actor | null): Promise<InvoicingSettings> {
    const now = nowIso();
    const values = { settings: JSON.stringify(input), updated_at: now, updated_by: actor?.id ?? null };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('invoicing_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await logActivity(trx, actor, {
        kind: 'invoicing',
        action: 'save',
        subject: input.legalName,
        detail: { siren: input.siren, invoicePrefix: input.invoicePrefix, creditNotePrefix: input.creditNotePrefix },
      });
    });
    return this.settings();
  }
}
