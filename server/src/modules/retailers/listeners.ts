import type { DomainEvents } from '../../platform/events.ts';
import { applicationSearchText } from '../../lib/search.ts';
import type { CompanyDetailsSaved } from '../companies/service.ts';

export const RETAILER_LISTENERS = { search: 'retailers.application-search' } as const;

/**
 * What the retailers area does after others' commits (ADR 0026, ADR 0029): a company's details saved, the
 * applications it came from are found by what they now say (its name, towns, SIRET), written here, in the
 * area that owns them. Run twice, it writes the same words.
 */
export function listenForRetailers(events: DomainEvents): void {
  events.listen<CompanyDetailsSaved>('company.details-saved', RETAILER_LISTENERS.search, async (trx, event) => {
    const applications = await trx
      .selectFrom('retailer_applications')
      .select(['id', 'name', 'company', 'email', 'siret'])
      .where('retailer_user_id', '=', event.payload.companyId)
      .execute();
    for (const application of applications) {
      await trx
        .updateTable('retailer_applications')
        .set({ search_text: applicationSearchText(application, event.payload.words) })
        .where('id', '=', application.id)
        .execute();
    }
  });
}
