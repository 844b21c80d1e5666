import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS, SHOWROOM_MESSAGES, fromCents, type Currency, type Locale, type ShowroomSnapshot } from '@atelier/contract';
import { pricingFor } from '../currencies/pricing.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pick } from '../../lib/texts.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { CompaniesService } from '../companies/service.ts';
import { deliveryOf, type SeasonInfo, type SeasonsService } from '../seasons/service.ts';
import { availableNow, type StockService } from '../stock/service.ts';
import type { WholesaleService } from '../wholesale/service.ts';
import { shopAccounts } from '../users/accounts.ts';
import { readOrders } from '../../read-models/orders.ts';
import { readRetailerDoors } from '../../read-models/companies.ts';

/** What the showroom tablet takes offline for a season: styles, colours, sizes, prices, stock, windows, packs, terms and the approved shops. */
export class ShowroomSnapshots {
  private readonly db: Db;
  private readonly catalogue: CatalogueService;
  private readonly seasons: SeasonsService;
  private readonly stock: StockService;
  private readonly wholesale: WholesaleService;
  private readonly companies: CompaniesService;

  constructor(db: Db, catalogue: CatalogueService, seasons: SeasonsService, stock: StockService, wholesale: WholesaleService, companies: CompaniesService) {
    this.db = db;
    this.catalogue = catalogue;
    this.seasons = seasons;
    this.stock = stock;
    this.wholesale = wholesale;
    this.companies = companies;
  }

  /** The season asked by its code, else the open one closing soonest, else the current one. */
  private async seasonFor(code: string | undefined): Promise<{ season: SeasonInfo | null; all: SeasonInfo[] }> {
    const all = await this.seasons.infos();
    if (code) {
      const season = all.find((s) => s.code.toLowerCase() === code.toLowerCase());
      if (!season) throw new HttpError(404, SHOWROOM_MESSAGES.seasonUnknown);
      return { season, all };
    }
    const open = all.filter((s) => s.state === 'open').sort((a, b) => (a.ordersClose ?? '9999').localeCompare(b.ordersClose ?? '9999'))[0];
    if (open) return { season: open, all };
    const current = await this.seasons.current();
    return { season: all.find((s) => s.id === current?.id) ?? null, all };
  }

  /** Everything the tablet needs offline, and its version (a digest of it: the ETag). */
  async snapshot(code: string | undefined, lang: Locale): Promise<ShowroomSnapshot> {
    const { season, all } = await this.seasonFor(code);
    const products = (await this.catalogue.listFull()).filter((p) => season === null || p.seasonIds.includes(season.id));
    const variantIds = products.flatMap((p) => p.variants.map((v) => v.id));
    const [levels, terms, retailers] = await Promise.all([this.stock.levels(variantIds), this.wholesale.terms(lang, season?.id), this.approvedRetailers()]);
    const body: Omit<ShowroomSnapshot, 'version' | 'at'> = {
      lang,
      season: season
        ? {
            id: season.id,
            code: season.code,
            name: pick(season.names, lang),
            state: season.state,
            ordersOpen: season.ordersOpen,
            ordersClose: season.ordersClose,
            deliveries: season.deliveries.map((d) => deliveryOf(d, lang)).sort((a, b) => a.from.localeCompare(b.from) || a.id - b.id),
          }
        : null,
      seasons: all.map((s) => ({ code: s.code, name: pick(s.names, lang), state: s.state })),
      terms: {
        openingMinimum: terms.openingMinimum,
        reorderMinimum: terms.reorderMinimum,
        paymentTerms: terms.paymentTerms,
        shippingNotes: terms.shippingNotes,
      },
      styles: products.map((p) => ({
        id: p.id,
        reference: p.reference,
        title: (p.texts[lang] ?? p.texts.fr ?? p.texts.en)?.title ?? '',
        packs: p.packs,
        packsOnly: p.packsOnly,
        orderMultiple: p.orderMultiple,
        variants: p.variants.map((v) => ({
          id: v.id,
          colorName: pick(v.names, lang) ?? '',
          colorCode: v.colorCode,
          image: tabletImage(v.imageUrl),
          price: fromCents(v.priceCents),
          retailPrice: v.retailPriceCents === null ? null : fromCents(v.retailPriceCents),
          sizes: v.sizes,
          available: Object.fromEntries(v.sizes.map((size) => [size, availableNow(levels.get(`${v.id}:${size}`))])),
        })),
      })),
      stockists: retailers,
      ...(await this.priceLists(retailers)),
    };
    const version = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);
    return { version, at: nowIso(), ...body };
  }

  /** The price lists of the currencies the shops buy in (issue 47), for the tablet to price them offline. */
  private async priceLists(retailers: ShowroomSnapshot['stockists']): Promise<Pick<ShowroomSnapshot, 'priceLists'>> {
    const currencies = [...new Set(retailers.map((r) => r.terms?.currency).filter((c): c is Currency => c !== undefined && c !== 'EUR'))].sort();
    if (currencies.length === 0) return {};
    const lists = await Promise.all(currencies.map((c) => pricingFor(this.db, c)));
    return {
      priceLists: lists.map((l) => ({
        currency: l.currency,
        rateMicro: l.rateMicro,
        stepCents: l.stepCents,
        typed: [...l.typed].map(([productId, t]) => ({
          productId,
          price: fromCents(t.priceCents),
          retailPrice: t.retailCents === null ? null : fromCents(t.retailCents),
        })),
      })),
    };
  }

  /** Approved shops (name, town, addresses) and whether they have ordered (opening or reorder minimum). */
  private async approvedRetailers(): Promise<ShowroomSnapshot['stockists']> {
    // A company is its founding account (its people are not shops of their own: issue 46).
    const users = await shopAccounts(this.db);
    if (users.length === 0) return [];
    const ordered = new Set(
      (
        await this.db
          .selectFrom(readOrders().as('orders'))
          .select('company_id')
          .distinct()
          .where('status', '!=', 'cancelled')
          .where(
            'company_id',
            'in',
            users.map((u) => u.id),
          )
          .execute()
      ).map((r) => r.company_id),
    );
    const doors = await this.db
      .selectFrom(readRetailerDoors().as('retailer_doors'))
      .select(['id', 'retailer_id', 'name', 'town'])
      .where('removed_at', 'is', null)
      .where(
        'retailer_id',
        'in',
        users.map((u) => u.id),
      )
      .orderBy('id')
      .execute();
    const terms = await this.companies.terms.ownMany(users.map((u) => u.id));
    const out: ShowroomSnapshot['stockists'] = [];
    for (const user of users) {
      const company = await this.companies.company(user.id);
      out.push({
        id: user.id,
        name: company.companyName ?? user.email,
        email: user.email,
        town: company.billing?.town ?? company.delivery?.town ?? null,
        hasOrdered: ordered.has(user.id),
        billing: company.billing ?? null,
        delivery: company.delivery ?? null,
        doors: doors.filter((d) => d.retailer_id === user.id).map((d) => ({ id: d.id, name: d.name, town: d.town })),
        ...(terms.has(user.id) ? { terms: terms.get(user.id)! } : {}),
      });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }
}

/** One picture per colour at tablet size: the 480-px rendition when the upload is wider. */
export function tabletImage(url: string): string | null {
  if (!url) return null;
  const match = /^(\/uploads\/[a-f0-9]{16,64}-(\d+)x(\d+))\.webp$/.exec(url);
  const small = IMAGE_WIDTHS[0];
  if (!match || Number(match[2]) <= small) return url;
  return `${match[1]}-${small}.webp`;
}
