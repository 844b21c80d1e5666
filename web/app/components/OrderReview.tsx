import type { Order } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { Link } from 'react-router';

/** The shop's word on an order held by credit control (issue 47): sent, and waiting for the label's look. */
export function ReviewNote({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (order.review?.state !== 'pending' || !['submitted', 'confirmed', 'partlyShipped'].includes(order.status)) return null;
  return (
    <p className="order-review-note" data-testid="order-review">
      {t('order.review.shop')}
    </p>
  );
}

/**
 * The owner's panel on an order held in review (issue 47): why (over the credit limit, an invoice overdue),
 * what the company owes against its limit, the invoices late; accept it to confirm it, or cancel it below
 * with a reason (the refusal, mailed).
 */
export function ReviewPanel({ order, busy, onAccept }: { order: Order; busy: boolean; onAccept: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const review = order.review;
  if (!review || review.state !== 'pending' || !['submitted', 'confirmed', 'partlyShipped'].includes(order.status)) return null;
  return (
    <section className="order-action order-review" aria-labelledby="review-title" data-testid="order-review-panel">
      <h2 id="review-title" className="form__title">
        {t('order.review.title')}
      </h2>
      <ul>
        {review.reasons.includes('creditLimit') && review.limit !== null && (
          <li>
            {t('order.review.overLimit', {
              exposure: formatPrice(review.exposure, lang, order.currency),
              limit: formatPrice(review.limit, lang, order.currency),
            })}
          </li>
        )}
        {review.reasons.includes('overdue') && (
          <li>
            {t('order.review.overdue', { count: review.overdue.length })}{' '}
            {review.overdue
              .map((i) => t('order.review.invoice', { number: i.number, date: formatDay(i.dueDate, lang), due: formatPrice(i.due, lang, order.currency) }))
              .join(' · ')}
          </li>
        )}
      </ul>
      <p className="field__hint">{t('order.review.hint')}</p>
      <button type="button" className="button" disabled={busy} onClick={onAccept}>
        {t('order.review.accept')}
      </button>
    </section>
  );
}

/**
 * An order's deposit (issue 47): its invoice, the amount, what is paid, due and deducted from the parcels'
 * invoices; held parcels said. The owner opens the invoice (to record its payment); the shop reads it with its invoices.
 */
export function DepositNote({ order, owner = false }: { order: Order; owner?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const deposit = order.deposit;
  if (!deposit) return null;
  const number = owner ? <Link to={`/admin/invoices/${deposit.invoiceId}?lang=${lang}`}>{deposit.number}</Link> : deposit.number;
  return (
    <section className={`order-deposit order-deposit--${deposit.status}`} aria-labelledby="deposit-title" data-testid="order-deposit">
      <h2 id="deposit-title" className="form__title">
        {t('order.deposit.title', { percent: deposit.percent })}
      </h2>
      <p>
        {t('order.deposit.invoice')} {number} · {formatPrice(deposit.amount, lang, order.currency)} {t('order.deposit.inclVat')} ·{' '}
        <strong data-testid="order-deposit-status">{t(`order.deposit.${deposit.status}`)}</strong>
      </p>
      {deposit.status === 'due' && (
        <p>
          {t('order.deposit.left', { due: formatPrice(deposit.due, lang, order.currency) })}{' '}
          {deposit.hold ? t(owner ? 'order.deposit.heldOwner' : 'order.deposit.held') : ''}
        </p>
      )}
      {deposit.deducted > 0 && <p>{t('order.deposit.deducted', { amount: formatPrice(deposit.deducted, lang, order.currency) })}</p>}
    </section>
  );
}

/** What an order's terms say above its facts: held in review (to the shop), its deposit (to both). */
export function OrderNotes({ order, owner }: { order: Order; owner: boolean }) {
  return (
    <>
      {!owner && <ReviewNote order={order} />}
      <DepositNote order={order} owner={owner} />
    </>
  );
}
