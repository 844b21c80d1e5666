import type { ContactInput, Locale } from '@atelier/contract';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { contactNotice } from '../mail/templates.ts';

export class ContactService {
  private readonly db: Db;
  private readonly config: Config;
  private readonly onMailQueued: () => void;

  constructor(db: Db, config: Config, onMailQueued: () => void) {
    this.db = db;
    this.config = config;
    this.onMailQueued = onMailQueued;
  }

  /** Stores the message and queues the brand's mail in one transaction. */
  async send(input: ContactInput, locale: Locale): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('contact_messages').values({ name: input.name, email: input.email, message: input.message, locale, created_at: nowIso() }).execute();
      await enqueueMail(trx, { to: this.config.BRAND_EMAIL, ...contactNotice(publicBrand(this.config), input) });
    });
    this.onMailQueued();
  }
}
