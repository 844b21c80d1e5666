// A parcel's documents (issue 45): its invoice (the owner opens it; the shop downloads it) and its
// delivery note, downloaded as a PDF in the shop's language.
import { Link } from 'react-router';
import type { Shipment } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { downloadFile } from '../lib/download.ts';
import { useSession } from '../lib/session.tsx';
import { InvoiceDownload } from './InvoiceDownload.tsx';

export function ParcelDocuments({
  orderId,
  shipment,
  owner = false,
  onError,
}: {
  orderId: number;
  shipment: Shipment;
  owner?: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const note = () =>
    token &&
    downloadFile(
      owner ? 'GET /admin/orders/:id/shipments/:shipmentId/delivery-note.pdf' : 'GET /orders/:id/shipments/:shipmentId/delivery-note.pdf',
      { params: { id: orderId, shipmentId: shipment.id } },
      token,
    ).catch(onError);
  return (
    <>
      <button type="button" className="button button--quiet button--small" onClick={note} data-testid="delivery-note">
        {t('order.deliveryNote', { number: shipment.number })}
      </button>{' '}
      {shipment.invoice ? (
        owner ? (
          <Link to={`/admin/invoices/${shipment.invoice.id}`} data-testid="parcel-invoice">
            {t('invoices.orderInvoice', { number: shipment.invoice.number })}
          </Link>
        ) : (
          <InvoiceDownload invoice={shipment.invoice} onError={onError} />
        )
      ) : (
        <span className="field__hint">{t(shipment.invoicePending ? 'order.parcelInvoicePending' : 'order.parcelNoInvoice')}</span>
      )}
    </>
  );
}
