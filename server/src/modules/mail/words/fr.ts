import type { MailWords, SecurityEvent } from './types.ts';

const SECURITY: Record<SecurityEvent, [subject: string, line: string]> = {
  passkeyAdded: ['Une clé d’accès a été ajoutée', 'Une clé d’accès nommée « {} » a été ajoutée à votre compte.'],
  passkeyRemoved: ['Une clé d’accès a été retirée', 'La clé d’accès « {} » a été retirée de votre compte.'],
  totpAdded: [
    'Application d’authentification ajoutée',
    'Une application d’authentification a été configurée : la connexion par mot de passe demande désormais son code.',
  ],
  totpRemoved: ['Application d’authentification retirée', 'L’application d’authentification a été retirée de votre compte.'],
  recoveryUsed: ['Un code de secours a servi', 'Un code de secours vient de servir à vous connecter. Il en reste {}.'],
  recoveryRenewed: ['Nouveaux codes de secours', 'De nouveaux codes de secours ont été créés ; les anciens ne servent plus.'],
  factorsReset: [
    'Seconds facteurs retirés',
    'Vos clés d’accès, votre application d’authentification et vos codes de secours ont été retirés par l’administrateur du site.',
  ],
};

/** The mails' words in French (English: en.ts). */
export const MAIL_FR: MailWords = {
  signature: (brandName) => `À très vite,\n${brandName}`,
  passwordReset: (_brandName, link) => ({
    subject: 'Réinitialiser votre mot de passe',
    paragraphs: [
      'Bonjour,',
      'Vous avez demandé à réinitialiser le mot de passe de votre compte. Ce lien est valable une heure et ne sert qu’une fois.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : votre mot de passe reste inchangé.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: link },
  }),
  acceptance: ({ name, email, link }) => ({
    subject: 'Votre compte revendeur est ouvert',
    paragraphs: [
      `Bonjour ${name},`,
      'Merci pour votre demande : nous sommes heureux de vous compter parmi nos revendeurs.',
      `Votre identifiant de connexion est : ${email}`,
      'Choisissez votre mot de passe avec le lien ci-dessous. Il est valable 7 jours et ne sert qu’une fois ; ensuite, vous verrez nos prix revendeur et les tailles disponibles.',
    ],
    action: { label: 'Choisir mon mot de passe', url: link },
  }),
  lineSheetOffer: (url) => ({
    paragraphs: [
      'Vous nous avez demandé notre catalogue revendeur : une fois votre mot de passe choisi, connectez-vous pour télécharger le catalogue de la saison (styles, coloris, tailles, prix revendeur et prix conseillés, conditions de vente) depuis votre espace.',
    ],
    link: { label: 'Télécharger le catalogue revendeur', url },
  }),
  agentInvitation: ({ brandName, name, email, link }) => ({
    subject: 'Votre compte d’agent commercial',
    paragraphs: [
      `Bonjour ${name},`,
      `${brandName} vous ouvre un compte d’agent commercial : vous y verrez la collection avec les prix revendeur, le stock et la saison, pour prendre les commandes de nos revendeurs.`,
      `Votre identifiant de connexion est : ${email}`,
      'Choisissez votre mot de passe avec le lien ci-dessous. Il est valable 7 jours et ne sert qu’une fois.',
    ],
    action: { label: 'Choisir mon mot de passe', url: link },
  }),
  personInvitation: ({ brandName, name, email, company, role, link }) => ({
    subject: `Votre accès à ${company} chez ${brandName}`,
    paragraphs: [
      `Bonjour ${name},`,
      `${company} vous donne accès à son compte revendeur chez ${brandName}, en tant que ${{ admin: 'administrateur (personnes, points de vente, commandes et factures)', buyer: 'acheteur (commandes pour vos points de vente)', accounts: 'comptabilité (factures, avoirs et paiements)' }[role]}.`,
      `Votre identifiant de connexion est : ${email}`,
      'Choisissez votre mot de passe avec le lien ci-dessous. Il est valable 7 jours et ne sert qu’une fois.',
    ],
    action: { label: 'Choisir mon mot de passe', url: link },
  }),
  orderTotal: (pieces, total) => `${pieces} pièces · total HT ${total}`,
  orderSubmitted: ({ number, summary, note, url }) => ({
    subject: `Commande ${number} reçue`,
    paragraphs: [
      'Bonjour,',
      `Merci pour votre commande ${number} : nous l’avons bien reçue et la confirmons au plus vite avec une date d’expédition.`,
      summary,
      ...(note ? [`Votre note : ${note}`] : []),
    ],
    action: { label: 'Voir ma commande', url },
  }),
  orderStatus: ({ number, summary, url, change }) => {
    const action = { label: 'Voir ma commande', url };
    if (change.status === 'confirmed') {
      return {
        subject: `Commande ${number} confirmée`,
        paragraphs: ['Bonjour,', `Votre commande ${number} est confirmée. Expédition prévue le ${change.shipDate}.`, summary],
        action,
      };
    }
    if (change.status === 'shipped') {
      const how = [change.carrier, change.tracking].filter(Boolean).join(' · ');
      const parcel = change.parcel;
      return {
        subject: parcel ? `Commande ${number} : colis ${parcel.number} expédié` : `Commande ${number} expédiée`,
        paragraphs: [
          'Bonjour,',
          ...(parcel
            ? [`Un colis de votre commande ${number} (${parcel.number}) est parti de l’atelier. Il contient :`, parcel.pieces]
            : [`Votre commande ${number} est partie de l’atelier.`]),
          ...(parcel?.toFollow
            ? [`Suivra${parcel.followDate ? `, prévu le ${parcel.followDate}` : ''} :`, parcel.toFollow]
            : parcel
              ? ['Rien d’autre ne suit : votre commande est complète.']
              : []),
          ...(how ? [`Transporteur et suivi : ${how}`] : []),
          ...(change.trackingUrl ? [`Suivre le colis : ${change.trackingUrl}`] : []),
          ...(parcel ? ['Son bon de livraison et sa facture sont sur votre commande.'] : []),
        ],
        action,
      };
    }
    if (change.status === 'restCancelled') {
      return {
        subject: `Commande ${number} : le reste ne suivra pas`,
        paragraphs: [
          'Bonjour,',
          `Ce qui restait à expédier de votre commande ${number} ne suivra pas et ne sera pas facturé :`,
          change.pieces,
          `Motif : ${change.reason}`,
        ],
        action,
      };
    }
    return {
      subject: `Commande ${number} annulée`,
      paragraphs: [
        'Bonjour,',
        ...(change.byStockist
          ? [`Votre commande ${number} est annulée, comme vous l’avez demandé.`]
          : [`Nous avons dû annuler votre commande ${number}.`, `Motif : ${change.reason}`]),
      ],
      action,
    };
  },
  security: (event, detail, url) => {
    const [subject, line] = SECURITY[event];
    return {
      subject,
      paragraphs: [
        'Bonjour,',
        line.replace('{}', detail),
        'Si ce n’est pas vous, changez votre mot de passe tout de suite et retirez ce que vous ne reconnaissez pas dans la sécurité de votre compte.',
      ],
      action: { label: 'Sécurité du compte', url },
    };
  },
  showroomOrder: ({ numbers, takenBy, pieces, total, url }) => ({
    subject: `Votre commande au showroom (${numbers})`,
    paragraphs: [
      'Bonjour,',
      `Merci pour votre commande prise par ${takenBy} au showroom : ${pieces} pièces, ${total} HT (${numbers}). Vous en trouverez le détail signé en pièce jointe.`,
      'Nous la confirmons au plus vite avec une date d’expédition.',
    ],
    action: { label: 'Voir mes commandes', url },
  }),
  returnStatus: ({ number, order, status, pieces, instructions, refusal, creditNote, url, forBrand }) => {
    if (forBrand)
      return {
        subject: `Retour ${number} demandé`,
        paragraphs: ['Bonjour,', `La boutique demande à retourner des pièces de la commande ${order} (${number}) :`, pieces],
        action: { label: 'Voir le retour', url },
      };
    const action = { label: 'Voir ma commande', url };
    if (status === 'requested')
      return {
        subject: `Retour ${number} bien reçu`,
        paragraphs: ['Bonjour,', `Nous avons votre demande de retour ${number} pour la commande ${order} :`, pieces, 'Nous y répondons au plus vite.'],
        action,
      };
    if (status === 'accepted')
      return {
        subject: `Retour ${number} accepté`,
        paragraphs: ['Bonjour,', `Votre retour ${number} est accepté pour :`, pieces, ...(instructions ? [`Comment l’envoyer : ${instructions}`] : [])],
        action,
      };
    if (status === 'refused')
      return {
        subject: `Retour ${number} refusé`,
        paragraphs: ['Bonjour,', `Nous ne pouvons pas accepter votre retour ${number}.`, `Motif : ${refusal ?? ''}`],
        action,
      };
    return {
      subject: `Retour ${number} réceptionné`,
      paragraphs: [
        'Bonjour,',
        `Votre retour ${number} est arrivé :`,
        pieces,
        ...(creditNote ? [`L’avoir ${creditNote} est émis pour lui ; vous le trouverez avec vos factures.`] : []),
      ],
      action,
    };
  },
  invoiceReminder: ({ number, dueDate, due, stage, iban, url }) => ({
    subject: `${stage === 1 ? 'Rappel' : 'Second rappel'} : facture ${number} échue`,
    paragraphs: [
      'Bonjour,',
      `Sauf erreur de notre part, la facture ${number}, échue le ${dueDate}, reste à régler : ${due}.`,
      `Règlement par virement sur l’IBAN ${iban}, en indiquant le numéro de facture.`,
      'Si le paiement est déjà parti, merci de ne pas tenir compte de ce message.',
    ],
    action: { label: 'Voir mes factures', url },
  }),
  depositInvoice: ({ number, order, percent, amount, iban, hold, url }) => ({
    subject: `Facture d’acompte ${number} pour votre commande ${order}`,
    paragraphs: [
      'Bonjour,',
      `Votre commande ${order} est confirmée. Comme le prévoient vos conditions, un acompte de ${percent} % est demandé : facture ${number}, ci-jointe, de ${amount} TTC, payable à réception.`,
      `Règlement par virement sur l’IBAN ${iban}, en indiquant le numéro de facture.`,
      hold ? 'Votre commande sera expédiée dès réception de l’acompte.' : 'Ce que vous réglez maintenant sera déduit de la facture de vos marchandises.',
    ],
    action: { label: 'Voir mes factures', url },
  }),
  orderChanged: ({ order, revision, accepted, refused, reason, byBrand, url }) => ({
    subject: byBrand ? `Votre commande ${order} a été modifiée` : `Votre modification de la commande ${order} : notre réponse`,
    paragraphs: [
      'Bonjour,',
      byBrand
        ? `Nous avons modifié votre commande ${order}${revision ? ` (révision ${revision})` : ''} :`
        : accepted.length
          ? `Nous avons accepté ${refused.length ? 'une partie de ' : ''}la modification demandée sur votre commande ${order}${revision ? `, désormais en révision ${revision}` : ''}.`
          : `Nous n’avons pas pu accepter la modification demandée sur votre commande ${order}.`,
      ...(accepted.length ? [`${byBrand ? 'Modifié' : 'Accepté'} : ${accepted.join(' ; ')}.`] : []),
      ...(refused.length ? [`Non accepté : ${refused.join(' ; ')}.`] : []),
      ...(reason ? [`Notre raison : ${reason}`] : []),
    ],
    action: { label: 'Voir ma commande', url },
  }),
  allocated: ({ order, comes, short, cancel, followDate, url }) => ({
    subject: `Votre commande ${order} : ce qui arrive dans son prochain colis`,
    paragraphs: [
      'Bonjour,',
      `L’atelier a produit moins de pièces que commandé cette saison, et nous les avons réparties équitablement entre les boutiques. Pour votre commande ${order}, voici ce qui arrivera dans son prochain colis : ${comes.length ? comes.join(' ; ') : 'rien cette fois'}.`,
      ...(short.length
        ? [
            cancel
              ? `Nous ne pourrons pas produire le reste, qui est annulé et ne sera pas facturé : ${short.join(' ; ')}.`
              : `Le reste suivra${followDate ? ` vers le ${followDate}` : ' dès qu’il sera produit'} : ${short.join(' ; ')}.`,
          ]
        : []),
      'Merci de votre patience.',
    ],
    action: { label: 'Voir ma commande', url },
  }),
  waitlistOffer: ({ piece, quantity, until, url }) => ({
    subject: `De retour pour vous : ${piece}`,
    paragraphs: [
      'Bonjour,',
      `Vous avez demandé à être prévenue du retour de ${piece}. ${quantity} ${quantity > 1 ? 'pièces sont réservées' : 'pièce est réservée'} pour votre boutique jusqu’au ${until} : confirmez pour ${quantity > 1 ? 'les' : 'la'} commander tout de suite, ou laissez-${quantity > 1 ? 'les' : 'la'} à la boutique suivante.`,
    ],
    action: { label: 'Confirmer ou laisser', url },
  }),
  debitNotice: ({ amount, collectOn, rum, iban, creditorId, invoices }) => ({
    subject: `Prélèvement de ${amount} le ${collectOn}`,
    paragraphs: [
      'Bonjour,',
      `Comme votre mandat SEPA ${rum} le permet, nous prélèverons ${amount} sur le compte ${iban} le ${collectOn}, pour ${invoices.length > 1 ? 'les factures' : 'la facture'} ${invoices.join(', ')}.`,
      `Notre identifiant créancier : ${creditorId}. Vous n’avez rien à faire ; si quelque chose ne va pas, écrivez-nous avant cette date.`,
    ],
  }),
  paymentReturned: ({ invoice, company, amount, reason, url }) => ({
    subject: `Un paiement est revenu : ${invoice}`,
    paragraphs: ['Bonjour,', `Le paiement de ${amount} de ${company} sur la facture ${invoice} est revenu (${reason}). La facture est de nouveau ouverte.`],
    action: { label: 'Voir la facture', url },
  }),
  proposalWritten: ({ pieces, total, expiresOn, message, url }) => ({
    subject: 'Une proposition de commande pour vous',
    paragraphs: [
      'Bonjour,',
      `Nous avons préparé une commande pour vous : ${pieces} pièces, ${total} HT. Regardez-la, changez ce que vous voulez et envoyez-la comme la vôtre, ou déclinez-la, jusqu’au ${expiresOn}.`,
      ...(message ? [`Notre mot : ${message}`] : []),
    ],
    action: { label: 'Voir la proposition', url },
  }),
  invoiceIssued: ({ number, order, parcel, amount, dueDate, iban, prepaid, url }) => ({
    subject: `Facture ${number} de votre commande ${order}`,
    paragraphs: [
      'Bonjour,',
      parcel
        ? `Le colis ${parcel} de votre commande ${order} a quitté notre atelier. Sa facture ${number} est jointe (un PDF Factur-X que votre logiciel comptable sait lire).`
        : `La facture ${number} de votre commande ${order} est jointe (un PDF Factur-X que votre logiciel comptable sait lire).`,
      prepaid
        ? `Elle s’élève à ${amount} TTC après l’acompte de ${prepaid} déjà versé, à régler au plus tard le ${dueDate}.`
        : `Elle s’élève à ${amount} TTC, à régler au plus tard le ${dueDate}.`,
      `Règlement par virement sur l’IBAN ${iban}, en indiquant le numéro de facture.`,
    ],
    action: { label: 'Voir mes factures', url },
  }),
};
