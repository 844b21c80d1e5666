import type { ContactInput, ContactMessage, Locale } from '@atelier/contract';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { contactNotice } from '../mail/templates.ts';
import { readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { contactSearchText, matchesSearch, searchTerms } from '../../lib/search.ts';

export class ContactService {
  private readonly db: Db;
  private readonly config: Config;
  private readonly onMailQueued: () => void;

  private readonly dialect: Dialect;

  constructor({ db, config, onMailQueued, dialect }: { db: Db; config: Config; onMailQueued: () => void; dialect: Dialect }) {
    this.db = db;
    this.config = config;
    this.onMailQueued = onMailQueued;
    this.dialect = dialect;
  }

  /** The owner's inbox: a page of messages, newest first; `q` finds who wrote or what (accents and case ignored). */
  async list(q: string | undefined, paging: PageRequest): Promise<Page<ContactMessage>> {
    let query = this.db.selectFrom('contact_messages').select(['id', 'name', 'email', 'message', 'locale', 'created_at']);
    const terms = searchTerms(q);
    if (terms.length) query = query.where(matchesSearch(this.dialect, 'contact_messages', terms));
    const page = await readPage(
      query,
      { sort: 'contact_messages.created_at', id: 'contact_messages.id', sortOf: (r) => r.created_at, idOf: (r) => r.id },
      paging,
    );
    return { ...page, data: page.data.map((r) => ({ id: r.id, name: r.name, email: r.email, message: r.message, locale: r.locale, createdAt: r.created_at })) };
  }

  /** Stores the message and queues the brand's mail in one transaction. */
  async send(input: ContactInput, locale: Locale): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_messages')
        .values({ name: input.name, email: input.email, message: input.message, locale, created_at: nowIso(), search_text: contactSearchText(input) })
        .execute();
      await enqueueMail(trx, { to: this.config.BRAND_EMAIL, ...contactNotice(publicBrand(this.config), input) });
    });
    this.onMailQueued();
  }
}
