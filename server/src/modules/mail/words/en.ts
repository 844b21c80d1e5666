import type { MailWords, SecurityEvent } from './types.ts';

const SECURITY: Record<SecurityEvent, [subject: string, line: string]> = {
  passkeyAdded: ['A passkey was added', 'A passkey named “{}” was added to your account.'],
  passkeyRemoved: ['A passkey was removed', 'The passkey “{}” was removed from your account.'],
  totpAdded: ['Authenticator app added', 'An authenticator app was set up: signing in with your password now asks for its code.'],
  totpRemoved: ['Authenticator app removed', 'The authenticator app was removed from your account.'],
  recoveryUsed: ['A recovery code was used', 'A recovery code was just used to sign in to your account. {} are left.'],
  recoveryRenewed: ['New recovery codes', 'New recovery codes were made; the old ones no longer work.'],
  factorsReset: ['Second factors removed', 'Your passkeys, authenticator app and recovery codes were removed by the site’s administrator.'],
};

/** The mails' words in English (French: fr.ts). */
export const MAIL_EN: MailWords = {
  signature: (brandName) => `Warm regards,\n${brandName}`,
  passwordReset: (_brandName, link) => ({
    subject: 'Reset your password',
    paragraphs: [
      'Hello,',
      'You asked to reset the password of your account. This link is valid for one hour and works only once.',
      'If you did not ask for this, simply ignore this message: your password stays unchanged.',
    ],
    action: { label: 'Choose a new password', url: link },
  }),
  acceptance: ({ name, email, link }) => ({
    subject: 'Your stockist account is open',
    paragraphs: [
      `Hello ${name},`,
      'Thank you for your request: we are glad to welcome you among our stockists.',
      `Your sign-in e-mail is: ${email}`,
      'Choose your password with the link below. It is valid for 7 days and works once; then you will see our trade prices and the available sizes.',
    ],
    action: { label: 'Choose my password', url: link },
  }),
  lineSheetOffer: (url) => ({
    paragraphs: [
      'You asked for our trade catalogue: once your password is chosen, sign in to download the season’s line sheet (styles, colours, sizes, trade and recommended retail prices, terms of trade) from your account.',
    ],
    link: { label: 'Download the line sheet', url },
  }),
  agentInvitation: ({ brandName, name, email, link }) => ({
    subject: 'Your sales agent account',
    paragraphs: [
      `Hello ${name},`,
      `${brandName} opens a sales agent account for you: the collection with trade prices, stock and the season, to take our stockists’ orders.`,
      `Your sign-in e-mail is: ${email}`,
      'Choose your password with the link below. It is valid for 7 days and works once.',
    ],
    action: { label: 'Choose my password', url: link },
  }),
  personInvitation: ({ brandName, name, email, company, role, link }) => ({
    subject: `Your access to ${company} on ${brandName}`,
    paragraphs: [
      `Hello ${name},`,
      `${company} gives you access to its stockist account with ${brandName}, as ${{ admin: 'an admin (people, doors, orders and invoices)', buyer: 'a buyer (orders for your doors)', accounts: 'accounts (invoices, credit notes and payments)' }[role]}.`,
      `Your sign-in e-mail is: ${email}`,
      'Choose your password with the link below. It is valid for 7 days and works once.',
    ],
    action: { label: 'Choose my password', url: link },
  }),
  orderTotal: (pieces, total) => `${pieces} pieces · total excl. VAT ${total}`,
  orderSubmitted: ({ number, summary, note, url }) => ({
    subject: `Order ${number} received`,
    paragraphs: [
      'Hello,',
      `Thank you for your order ${number}: we have received it and will confirm it soon with a ship date.`,
      summary,
      ...(note ? [`Your note: ${note}`] : []),
    ],
    action: { label: 'See my order', url },
  }),
  orderStatus: ({ number, summary, url, change }) => {
    const action = { label: 'See my order', url };
    if (change.status === 'confirmed') {
      return {
        subject: `Order ${number} confirmed`,
        paragraphs: ['Hello,', `Your order ${number} is confirmed. Expected ship date: ${change.shipDate}.`, summary],
        action,
      };
    }
    if (change.status === 'shipped') {
      const how = [change.carrier, change.tracking].filter(Boolean).join(' · ');
      const parcel = change.parcel;
      return {
        subject: parcel ? `Order ${number}: parcel ${parcel.number} shipped` : `Order ${number} shipped`,
        paragraphs: [
          'Hello,',
          ...(parcel
            ? [`A parcel of your order ${number} (${parcel.number}) has left the workshop. It holds:`, parcel.pieces]
            : [`Your order ${number} has left the workshop.`]),
          ...(parcel?.toFollow
            ? [`To follow${parcel.followDate ? `, expected on ${parcel.followDate}` : ''}:`, parcel.toFollow]
            : parcel
              ? ['Nothing else follows: your order is complete.']
              : []),
          ...(how ? [`Carrier and tracking: ${how}`] : []),
          ...(change.trackingUrl ? [`Follow the parcel: ${change.trackingUrl}`] : []),
          ...(parcel ? ['Its delivery note and its invoice are on your order.'] : []),
        ],
        action,
      };
    }
    if (change.status === 'restCancelled') {
      return {
        subject: `Order ${number}: the rest will not follow`,
        paragraphs: [
          'Hello,',
          `What was left to ship of your order ${number} will not follow, and will not be invoiced:`,
          change.pieces,
          `Reason: ${change.reason}`,
        ],
        action,
      };
    }
    return {
      subject: `Order ${number} cancelled`,
      paragraphs: [
        'Hello,',
        ...(change.byStockist ? [`Your order ${number} is cancelled, as you asked.`] : [`We had to cancel your order ${number}.`, `Reason: ${change.reason}`]),
      ],
      action,
    };
  },
  security: (event, detail, url) => {
    const [subject, line] = SECURITY[event];
    return {
      subject,
      paragraphs: [
        'Hello,',
        line.replace('{}', detail),
        'If this was not you, change your password at once and remove what you do not recognise in your account’s security.',
      ],
      action: { label: 'Account security', url },
    };
  },
  showroomOrder: ({ numbers, takenBy, pieces, total, url }) => ({
    subject: `Your order at the showroom (${numbers})`,
    paragraphs: [
      'Hello,',
      `Thank you for your order taken by ${takenBy} at the showroom: ${pieces} pieces, ${total} excl. VAT (${numbers}). Its signed details are attached.`,
      'We will confirm it soon with a ship date.',
    ],
    action: { label: 'See my orders', url },
  }),
  returnStatus: ({ number, order, status, pieces, instructions, refusal, creditNote, url, forBrand }) => {
    if (forBrand)
      return {
        subject: `Return ${number} asked`,
        paragraphs: ['Hello,', `The shop asks to return pieces of order ${order} (${number}):`, pieces],
        action: { label: 'See the return', url },
      };
    const action = { label: 'See my order', url };
    if (status === 'requested')
      return {
        subject: `Return ${number} received`,
        paragraphs: ['Hello,', `We have your return request ${number} for order ${order}:`, pieces, 'We will answer it soon.'],
        action,
      };
    if (status === 'accepted')
      return {
        subject: `Return ${number} accepted`,
        paragraphs: ['Hello,', `Your return ${number} is accepted for:`, pieces, ...(instructions ? [`How to send it: ${instructions}`] : [])],
        action,
      };
    if (status === 'refused')
      return { subject: `Return ${number} refused`, paragraphs: ['Hello,', `We cannot accept your return ${number}.`, `Reason: ${refusal ?? ''}`], action };
    return {
      subject: `Return ${number} received`,
      paragraphs: [
        'Hello,',
        `Your return ${number} has arrived:`,
        pieces,
        ...(creditNote ? [`Credit note ${creditNote} is issued for it; you will find it with your invoices.`] : []),
      ],
      action,
    };
  },
  invoiceReminder: ({ number, dueDate, due, stage, iban, url }) => ({
    subject: `${stage === 1 ? 'Reminder' : 'Second reminder'}: invoice ${number} is past due`,
    paragraphs: [
      'Hello,',
      `Unless we are mistaken, invoice ${number}, due on ${dueDate}, is still to be paid: ${due}.`,
      `Please pay by bank transfer to IBAN ${iban}, quoting the invoice number.`,
      'If the payment is already on its way, please disregard this message.',
    ],
    action: { label: 'See my invoices', url },
  }),
  depositInvoice: ({ number, order, percent, amount, iban, hold, url }) => ({
    subject: `Deposit invoice ${number} for your order ${order}`,
    paragraphs: [
      'Hello,',
      `Your order ${order} is confirmed. As agreed in your terms, a deposit of ${percent} % is asked: invoice ${number}, attached, for ${amount} incl. VAT, payable on receipt.`,
      `Please pay by bank transfer to IBAN ${iban}, quoting the invoice number.`,
      hold ? 'Your order will be shipped once the deposit is paid.' : 'What you pay now is deducted from the invoice of your goods.',
    ],
    action: { label: 'See my invoices', url },
  }),
  orderChanged: ({ order, revision, accepted, refused, reason, byBrand, url }) => ({
    subject: byBrand ? `Your order ${order} was changed` : `Your change of order ${order}: our answer`,
    paragraphs: [
      'Hello,',
      byBrand
        ? `We changed your order ${order}${revision ? ` (revision ${revision})` : ''}:`
        : accepted.length
          ? `We accepted ${refused.length ? 'part of ' : ''}the change you asked on your order ${order}${revision ? `, now at revision ${revision}` : ''}.`
          : `We could not accept the change you asked on your order ${order}.`,
      ...(accepted.length ? [`${byBrand ? 'Changed' : 'Accepted'}: ${accepted.join('; ')}.`] : []),
      ...(refused.length ? [`Not accepted: ${refused.join('; ')}.`] : []),
      ...(reason ? [`Our reason: ${reason}`] : []),
    ],
    action: { label: 'See my order', url },
  }),
  allocated: ({ order, comes, short, cancel, followDate, url }) => ({
    subject: `Your order ${order}: what comes in its next parcel`,
    paragraphs: [
      'Hello,',
      `The workshop made fewer pieces than were ordered this season, and we shared them out fairly among the shops. For your order ${order}, these will come in its next parcel: ${comes.length ? comes.join('; ') : 'none this time'}.`,
      ...(short.length
        ? [
            cancel
              ? `We cannot make the rest, which is cancelled and will not be invoiced: ${short.join('; ')}.`
              : `The rest follows${followDate ? ` around ${followDate}` : ' as soon as it is made'}: ${short.join('; ')}.`,
          ]
        : []),
      'Thank you for your patience.',
    ],
    action: { label: 'See my order', url },
  }),
  waitlistOffer: ({ piece, quantity, until, url }) => ({
    subject: `Back in stock for you: ${piece}`,
    paragraphs: [
      'Hello,',
      `You asked to be told when ${piece} came back. ${quantity} ${quantity > 1 ? 'pieces are' : 'piece is'} held for your shop until ${until}: confirm to order ${quantity > 1 ? 'them' : 'it'} at once, or let ${quantity > 1 ? 'them' : 'it'} go to the next shop waiting.`,
    ],
    action: { label: 'Confirm or let go', url },
  }),
  debitNotice: ({ amount, collectOn, rum, iban, creditorId, invoices }) => ({
    subject: `Direct debit of ${amount} on ${collectOn}`,
    paragraphs: [
      'Hello,',
      `As your SEPA mandate ${rum} allows, we will debit ${amount} from the account ${iban} on ${collectOn}, for ${invoices.length > 1 ? 'invoices' : 'invoice'} ${invoices.join(', ')}.`,
      `Our creditor identifier: ${creditorId}. There is nothing for you to do; if something is not right, write to us before that day.`,
    ],
  }),
  paymentReturned: ({ invoice, company, amount, reason, url }) => ({
    subject: `A payment came back: ${invoice}`,
    paragraphs: ['Hello,', `The payment of ${amount} from ${company} on invoice ${invoice} came back (${reason}). The invoice is open again.`],
    action: { label: 'See the invoice', url },
  }),
  proposalWritten: ({ pieces, total, expiresOn, message, url }) => ({
    subject: 'An order proposal for you',
    paragraphs: [
      'Hello,',
      `We have written an order for you: ${pieces} pieces, ${total} excl. VAT. Look at it, change what you like and send it as your own, or decline it, until ${expiresOn}.`,
      ...(message ? [`Our word: ${message}`] : []),
    ],
    action: { label: 'See the proposal', url },
  }),
  invoiceIssued: ({ number, order, parcel, amount, dueDate, iban, prepaid, url }) => ({
    subject: `Invoice ${number} for your order ${order}`,
    paragraphs: [
      'Hello,',
      parcel
        ? `Parcel ${parcel} of your order ${order} has left our workshop. Its invoice ${number} is attached (a Factur-X PDF your accounting software can read).`
        : `Invoice ${number} for your order ${order} is attached (a Factur-X PDF your accounting software can read).`,
      prepaid
        ? `It comes to ${amount} incl. VAT after the deposit of ${prepaid} you already paid, due on ${dueDate}.`
        : `It comes to ${amount} incl. VAT, due on ${dueDate}.`,
      `Please pay by bank transfer to IBAN ${iban}, quoting the invoice number.`,
    ],
    action: { label: 'See my invoices', url },
  }),
};
