import { z } from 'zod';

/** One problem of a request, on the field it is about (issue 56): `field` a JSON pointer into the body (RFC 6901, as RFC 9457's extensions use it). */
export const fieldError = z
  .object({
    /** `/discount`, `/lines/2/quantity`; `/` for the body as a whole. */
    field: z.string(),
    /** Stable: `terms.discountInvalid`, or the validator's own (`invalid_type`, `too_big`…) for a generic problem. */
    code: z.string(),
    /** In the caller's language. */
    message: z.string(),
  })
  .meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof fieldError>;

/** Every non-success API answer has this body. */
export const errorBody = z
  .object({
    error: z.string(),
    /** The error's stable code when it is one of the API's own sentences (`orders.orderNotFound`). */
    code: z.string().optional(),
    /** On a 400 or 422 about the body: each problem with its field, so a form marks every wrong field. */
    errors: z.array(fieldError).optional(),
    /** 403 on a sensitive change: sign in again (password, and a code or a passkey), then retry. */
    reauth: z.boolean().optional(),
    /** 403 on the back-office under MFA_REQUIRED=admin: add a second factor first. */
    mfaSetupRequired: z.boolean().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** Messages the server sends; the UI shows them as they are (spec §8: server message first). */
export const API_ERRORS = {
  invalidCredentials: 'Unable to sign in with these credentials.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  unauthenticated: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have access to this resource.',
  notFound: 'Not found.',
  wrongCurrentPassword: 'The current password is incorrect.',
  passwordMismatch: 'The new password and its confirmation do not match.',
  passwordPolicy: 'The password must be at least 8 characters long and mix letters and numbers.',
  invalidResetToken: 'This link is invalid or has expired. Please ask for a new one.',
  internal: 'Something went wrong on our side. Please try again.',
  limitsUnavailable: 'This service is unavailable for a moment. Please try again in a few seconds.',
} as const;

export type ApiErrorKey = keyof typeof API_ERRORS;

const API_ERRORS_FR: Record<ApiErrorKey, string> = {
  invalidCredentials: 'Impossible de se connecter avec ces identifiants.',
  tooManyAttempts: 'Trop de tentatives. Patientez quelques minutes avant de réessayer.',
  unauthenticated: 'Votre session a expiré. Veuillez vous reconnecter.',
  forbidden: 'Vous n’avez pas accès à cette ressource.',
  notFound: 'Introuvable.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  passwordMismatch: 'Le nouveau mot de passe et sa confirmation ne correspondent pas.',
  passwordPolicy: 'Le mot de passe doit compter au moins 8 caractères et mêler lettres et chiffres.',
  invalidResetToken: 'Ce lien n’est pas valide ou a expiré. Demandez-en un nouveau.',
  internal: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  limitsUnavailable: 'Ce service est indisponible un instant. Réessayez dans quelques secondes.',
};

/** Other sentences the API sends (validation and confirmations), English → French. */
const OTHER_FR: Record<string, string> = {
  // Companies (issue 46).
  'This person is not one of this company’s.': 'Cette personne ne fait pas partie de cette société.',
  'This door is not one of this company’s.': 'Ce point de vente n’est pas l’un de ceux de cette société.',
  'This company does not exist (introuvable).': 'Cette société est introuvable.',
  'This e-mail address already has an account: a person can belong to one company only. Ask them for another address.':
    'Cette adresse e-mail a déjà un compte : une personne n’appartient qu’à une société. Demandez-lui une autre adresse.',
  'creditLimit: a credit limit is an amount of 0 or more with at most 2 decimals, or none.':
    'creditLimit : un plafond de crédit est un montant de 0 ou plus avec 2 décimales au plus, ou aucun.',
  'deposit: a deposit is a whole percentage from 0 to 100 of a pre-order, or none.':
    'deposit : un acompte est un pourcentage entier de 0 à 100 d’une précommande, ou aucun.',
  'This order is in review: accept it before confirming it.': 'Cette commande est à examiner : acceptez-la avant de la confirmer.',
  'The deposit of this order is not paid yet: as its company’s terms say, its parcels wait for it.':
    'L’acompte de cette commande n’est pas encore réglé : comme le prévoient les conditions de sa société, ses colis l’attendent.',
  'This order is not waiting for a review.': 'Cette commande n’attend pas d’examen.',
  'discount: the discount is a percentage from 0 to 50, with at most 2 decimals.':
    'discount : la remise est un pourcentage de 0 à 50, avec 2 décimales au plus.',
  'paymentDays: payment terms are 0 to 60 days (45 at most from the end of the month), or none to keep the label’s.':
    'paymentDays : le délai de paiement est de 0 à 60 jours (45 au plus à compter de la fin du mois), ou aucun pour garder celui de la marque.',
  'openingMinimum, reorderMinimum: a minimum is an amount of 0 or more with at most 2 decimals, or none to keep the season’s.':
    'openingMinimum, reorderMinimum : un minimum est un montant de 0 ou plus avec 2 décimales au plus, ou aucun pour garder celui de la saison.',
  'A company keeps at least one admin: give the admin role to someone else first.':
    'Une société garde au moins un administrateur : donnez d’abord ce rôle à quelqu’un d’autre.',
  'The role is admin, buyer or accounts.': 'Le rôle est administrateur, acheteur ou comptabilité.',
  'Please give a name (120 characters at most).': 'Veuillez indiquer un nom (120 caractères au plus).',
  'Give the doors by their numbers, each one of this company’s.': 'Indiquez les points de vente par leur numéro, chacun de cette société.',
  'Only your company’s admins manage its people, doors and details.':
    'Seuls les administrateurs de votre société gèrent ses personnes, ses points de vente et ses coordonnées.',
  'Your role in your company is accounts: you see invoices and payments but do not order.':
    'Votre rôle dans votre société est comptabilité : vous voyez factures et paiements mais ne commandez pas.',
  'Invoices and payments are for your company’s admins and accounts people.':
    'Les factures et les paiements sont réservés aux administrateurs et à la comptabilité de votre société.',
  'Choose the door this order is for.': 'Choisissez le point de vente de cette commande.',
  'This door is not one you order for.': 'Vous ne commandez pas pour ce point de vente.',
  'A company keeps at least one door while it has people ordering: add another before removing this one.':
    'Une société garde au moins un point de vente : ajoutez-en un autre avant de retirer celui-ci.',
  'Opening hours are 300 characters at most.': 'Les horaires font 300 caractères au plus.',
  'A company has 100 people and 100 doors at most.': 'Une société compte au plus 100 personnes et 100 points de vente.',
  'Please enter a valid e-mail address.': 'Veuillez saisir une adresse e-mail valide.',
  'E-mail is required.': 'L’e-mail est obligatoire.',
  'Password is required.': 'Le mot de passe est obligatoire.',
  'The current password is required.': 'Le mot de passe actuel est obligatoire.',
  'Password updated.': 'Mot de passe mis à jour.',
  'If an account exists for this address, a link has been sent.': 'Si un compte existe pour cette adresse, un lien a été envoyé.',
  'The request body is too large.': 'Le contenu envoyé est trop volumineux.',
  'This content type is not accepted.': 'Ce type de contenu n’est pas accepté.',
  'Invalid request.': 'Requête invalide.',
  'A title is required in French and in English.': 'Un titre est requis en français et en anglais.',
  'A description is required in French and in English.': 'Une description est requise en français et en anglais.',
  'The texts are needed in French and in English, once each.': 'Les textes sont requis en français et en anglais, une fois chacun.',
  'Each variant needs a colour name in French and in English.': 'Chaque variante a besoin d’un nom de couleur en français et en anglais.',
  'The colour code must be a hex colour like #a1b2c3.': 'Le code couleur doit être une couleur hexadécimale comme #a1b2c3.',
  'Each variant needs an image.': 'Chaque variante a besoin d’une image.',
  'An image address is not valid.': 'Une adresse d’image n’est pas valide.',
  'Each variant needs a price of 0 or more, with at most 2 decimals.': 'Chaque variante a besoin d’un prix de 0 ou plus, avec au plus 2 décimales.',
  'Each variant needs at least one size.': 'Chaque variante a besoin d’au moins une taille.',
  'A variant can have at most 4 gallery images.': 'Une variante peut avoir au plus 4 images de galerie.',
  'A product needs at least one variant.': 'Un produit a besoin d’au moins une variante.',
  'Product not found (introuvable).': 'Produit introuvable.',
  'The product id must be a number.': 'L’identifiant du produit doit être un nombre.',
  'Send the image in the field "image".': 'Envoyez l’image dans le champ « image ».',
  'This file is not an image we accept (JPEG, PNG, WebP or AVIF).': 'Ce fichier n’est pas une image acceptée (JPEG, PNG, WebP ou AVIF).',
  'The image is too large (15 MB at most).': 'L’image est trop lourde (15 Mo au plus).',
  'The image has too many pixels (40 megapixels at most).': 'L’image compte trop de pixels (40 mégapixels au plus).',
  'A section title is required in French and in English.': 'Le titre de la rubrique est requis en français et en anglais.',
  'A post title is required in French and in English.': 'Le titre de l’article est requis en français et en anglais.',
  'Post content is required in French and in English.': 'Le contenu de l’article est requis en français et en anglais.',
  'Add a section before publishing a post': 'Ajoutez une rubrique avant de publier un article',
  'This section does not exist (introuvable).': 'Cette rubrique est introuvable.',
  'This post does not exist (introuvable).': 'Cet article est introuvable.',
  'The slug may contain only lowercase letters, numbers and hyphens.': 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets.',
  'This slug is already used by another post.': 'Ce slug est déjà utilisé par un autre article.',
  'The cover must be an image uploaded here.': 'L’image de couverture doit être une image téléversée ici.',
  'The cover description can be 300 characters at most.': 'La description de l’image de couverture compte 300 caractères au plus.',
  'The id must be a number.': 'L’identifiant doit être un nombre.',
  'Your name is required.': 'Votre nom est obligatoire.',
  'A message is required.': 'Un message est obligatoire.',
  'Please accept that we use your details to answer you.': 'Merci d’accepter que nous utilisions vos coordonnées pour vous répondre.',
  'A SIRET number has 14 digits.': 'Un numéro SIRET compte 14 chiffres.',
  'This application does not exist (introuvable).': 'Cette demande est introuvable.',
  'Thank you, your request has been received.': 'Merci, votre demande a bien été reçue.',
  'A style reference may contain only letters, digits and hyphens (40 characters at most).':
    'Une référence ne peut contenir que des lettres, des chiffres et des tirets (40 caractères au plus).',
  'This style reference is already used by another product.': 'Cette référence est déjà utilisée par un autre produit.',
  'The recommended retail price must be a price with at most 2 decimals, at least the trade price.':
    'Le prix de vente conseillé doit être un prix d’au plus 2 décimales, au moins égal au prix revendeur.',
  'The valid-until date must be a real date (YYYY-MM-DD).': 'La date de validité doit être une vraie date (AAAA-MM-JJ).',
  'Minimums are amounts in euros of 0 or more, with at most 2 decimals.': 'Les minimums sont des montants en euros de 0 ou plus, avec au plus 2 décimales.',
  'The contact for orders must be a valid e-mail address.': 'Le contact pour les commandes doit être une adresse e-mail valide.',
  'The season name is required in French and in English.': 'Le nom de la saison est requis en français et en anglais.',
  'The terms are needed in French and in English, once each.': 'Les conditions sont requises en français et en anglais, une fois chacune.',
  'A term is too long (2,000 characters at most).': 'Une condition est trop longue (2 000 caractères au plus).',
  'The line sheet could not be made right now. Please try again.': 'Le catalogue revendeur n’a pas pu être préparé. Veuillez réessayer.',
  'The wholesale terms were saved.': 'Les conditions revendeur ont été enregistrées.',
  'Each quantity is a whole number from 1 to 999.': 'Chaque quantité est un nombre entier de 1 à 999.',
  'This size is not one we make.': 'Cette taille n’existe pas chez nous.',
  'An order can have at most 300 lines.': 'Une commande compte au plus 300 lignes.',
  'Some lines are no longer available; remove them to continue:': 'Certaines lignes ne sont plus disponibles ; retirez-les pour continuer :',
  'The same piece appears twice for the same delivery; give it one line with the whole quantity:':
    'La même pièce figure deux fois pour la même livraison ; donnez-lui une seule ligne avec toute la quantité :',
  'Your order is empty: add pieces from a product page first.': 'Votre commande est vide : ajoutez d’abord des pièces depuis une fiche produit.',
  'Your order is below the minimum.': 'Votre commande n’atteint pas le minimum.',
  'An Idempotency-Key header is required (any random text, the same when the request is retried).':
    'Un en-tête Idempotency-Key est requis (un texte aléatoire, le même quand la requête est renvoyée).',
  'This order does not exist (introuvable).': 'Cette commande est introuvable.',
  'This order cannot go from its current status to the one asked.': 'Cette commande ne peut pas passer de son statut actuel à celui demandé.',
  'Administrators cannot place orders.': 'Les administrateurs ne passent pas de commande.',
  'The ship date must be a real date (YYYY-MM-DD).': 'La date d’expédition doit être une vraie date (AAAA-MM-JJ).',
  'Please give a reason (500 characters at most).': 'Indiquez un motif (500 caractères au plus).',
  'A confirmed order keeps at least one of its own lines, each with a quantity from 1 to 999.':
    'Une commande confirmée garde au moins une de ses lignes, chacune avec une quantité de 1 à 999.',
  'Each line to ship is given once, with a quantity from 1 to 999.': 'Chaque ligne à expédier est donnée une fois, avec une quantité de 1 à 999.',
  'This line is not one of this order’s:': 'Cette ligne n’est pas une ligne de cette commande :',
  'More than is left to ship on this line:': 'Plus que ce qui reste à expédier sur cette ligne :',
  'Choose at least one piece to ship.': 'Choisissez au moins une pièce à expédier.',
  'Choose between 1 and 200 orders, or a delivery window.': 'Choisissez de 1 à 200 commandes, ou une période de livraison.',
  'Nothing of this order is on hand to ship.': 'Rien de cette commande n’est en stock pour partir.',
  'Give each line to return once, with a quantity from 1 to 999 and a reason.':
    'Donnez chaque ligne à retourner une fois, avec une quantité de 1 à 999 et un motif.',
  'This line is not in that parcel:': 'Cette ligne n’est pas dans ce colis :',
  'More than this parcel brought of this line, less what is already being returned:':
    'Plus que ce que ce colis a apporté de cette ligne, moins ce qui est déjà en retour :',
  'The return window has closed for this line (a faulty piece can be returned at any time):':
    'Le délai de retour est passé pour cette ligne (une pièce défectueuse peut être retournée à tout moment) :',
  'This parcel is not one of this order’s.': 'Ce colis n’est pas un colis de cette commande.',
  'Up to 3 photos per line, each one uploaded for this return.': 'Jusqu’à 3 photos par ligne, chacune envoyée pour ce retour.',
  'A photo is 10 MB at most.': 'Une photo fait 10 Mo au plus.',
  'This return does not exist (introuvable).': 'Ce retour est introuvable.',
  'This return cannot go from its current status to the one asked.': 'Ce retour ne peut pas passer de son statut actuel à celui demandé.',
  'Accept at most what was asked of each of its lines, and at least one piece.':
    'Acceptez au plus ce qui a été demandé pour chaque ligne, et au moins une pièce.',
  'Give what arrived of each accepted line (at most what was accepted), and whether it goes back to stock.':
    'Indiquez ce qui est arrivé de chaque ligne acceptée (au plus ce qui a été accepté), et si cela retourne en stock.',
  'The parcel’s invoice is not issued yet: issue it before receiving the return.':
    'La facture du colis n’est pas encore émise : émettez-la avant de réceptionner le retour.',
  'Nothing is left to ship on this order.': 'Il ne reste rien à expédier sur cette commande.',
  'The date the rest follows must be a real date (YYYY-MM-DD).': 'La date à laquelle suit le reste doit être une vraie date (AAAA-MM-JJ).',
  'The period needs two real dates, from before to.': 'La période demande deux vraies dates, la première avant la seconde.',
  'The limit is a whole number from 1 to 200.': 'La limite est un nombre entier de 1 à 200.',
  'The page is a whole number from 1.': 'La page est un nombre entier à partir de 1.',
  'This cursor is not one of ours: start again from the first page.': 'Ce curseur n’est pas l’un des nôtres : repartez de la première page.',
  'A search is 100 characters at most.': 'Une recherche compte 100 caractères au plus.',
  'This VAT number is not valid (French: FR, a 2-character key and the 9-digit SIREN).':
    'Ce numéro de TVA n’est pas valide (en France : FR, une clé de 2 caractères et le SIREN à 9 chiffres).',
  'Your company details were saved.': 'Les coordonnées de votre société ont été enregistrées.',
  'The status is published or draft.': 'Le statut est « publié » ou « brouillon ».',
  'The new order must name every product once.': 'Le nouvel ordre doit citer chaque produit une fois.',
  'by is -1 (up) or 1 (down).': 'by vaut -1 (monter) ou 1 (descendre).',
  'Unknown page: it is home, story, faq or retailers.': 'Page inconnue : home, story, faq ou retailers.',
  'This text is required in French and in English.': 'Ce texte est requis en français et en anglais.',
  'A text is too long for its field.': 'Un texte est trop long pour son champ.',
  'Keep at least one mantra.': 'Gardez au moins un mantra.',
  'Keep at least one paragraph.': 'Gardez au moins un paragraphe.',
  'Keep at least one question in the FAQ.': 'Gardez au moins une question dans la FAQ.',
  'Keep at least one benefit.': 'Gardez au moins un avantage.',
  'Keep at least one row in the size guide.': 'Gardez au moins une ligne dans le guide des tailles.',
  'Each size-guide row has 6 cells (EU, FR, bust, waist, hips, equivalence), each of 1 to 20 characters.':
    'Chaque ligne du guide des tailles a 6 cases (EU, FR, poitrine, taille, hanches, équivalence) de 1 à 20 caractères.',
  'This list has too many entries.': 'Cette liste compte trop d’éléments.',
  'Each shop of the carousel needs a name and a town.': 'Chaque boutique du carrousel a besoin d’un nom et d’une ville.',
  'The hero image must be an image uploaded here.': 'L’image d’accueil doit être une image téléversée ici.',
  'This page was changed by someone else since you opened it. Reload it to see their version, then make your changes again.':
    'Cette page a été modifiée par quelqu’un d’autre depuis que vous l’avez ouverte. Rechargez-la pour voir sa version, puis refaites vos changements.',
  'The page texts were saved.': 'Les textes de la page ont été enregistrés.',
  'To appear on “Where to buy”, the shop needs a name, a postcode and a town.':
    'Pour apparaître dans « Où nous trouver », la boutique a besoin d’un nom, d’un code postal et d’une ville.',
  'A detail of the listing is too long.': 'Une information de la fiche est trop longue.',
  'The postcode has 3 to 10 letters, digits, spaces or hyphens.': 'Le code postal compte 3 à 10 lettres, chiffres, espaces ou tirets.',
  'The country is a 2-letter code (FR, BE, CH…).': 'Le pays est un code de 2 lettres (FR, BE, CH…).',
  'The website must be an address starting with https:// or http://.': 'Le site doit être une adresse commençant par https:// ou http://.',
  'The Instagram account is a name like @maison.solene (letters, digits, dots and underscores).':
    'Le compte Instagram est un nom comme @maison.solene (lettres, chiffres, points et tirets bas).',
  'The logo must be an image uploaded here.': 'Le logo doit être une image téléversée ici.',
  'This listing does not exist (introuvable).': 'Cette fiche est introuvable.',
  'Administrators have no shop listing.': 'Les administrateurs n’ont pas de fiche boutique.',
  'Your listing was saved.': 'Votre fiche a été enregistrée.',
  'The listing was saved.': 'La fiche a été enregistrée.',
  'Unknown kind of activity.': 'Type d’activité inconnu.',
  'The page is a number from 1.': 'La page est un nombre à partir de 1.',
  'A season code is 2 to 20 capitals, digits and hyphens, like SS27.': 'Un code de saison compte 2 à 20 capitales, chiffres et tirets, comme PE27.',
  'Another season already has this code.': 'Une autre saison a déjà ce code.',
  'Dates must be real days (YYYY-MM-DD).': 'Les dates doivent être de vrais jours (AAAA-MM-JJ).',
  'The order window must open on or before the day it closes.': 'La période de commande doit s’ouvrir au plus tard le jour où elle se ferme.',
  'A season needs at least one delivery window.': 'Une saison a besoin d’au moins une période de livraison.',
  'A delivery window must start on or before the day it ends.': 'Une période de livraison doit commencer au plus tard le jour où elle finit.',
  'Each delivery window needs a name in French and in English.': 'Chaque période de livraison a besoin d’un nom en français et en anglais.',
  'A delivery window that orders use cannot be removed.': 'Une période de livraison utilisée par des commandes ne peut pas être retirée.',
  'This season does not exist (introuvable).': 'Cette saison est introuvable.',
  'A season with orders cannot be deleted.': 'Une saison qui a des commandes ne peut pas être supprimée.',
  'This delivery window does not exist (introuvable).': 'Cette période de livraison est introuvable.',
  'This delivery window belongs to another season.': 'Cette période de livraison appartient à une autre saison.',
  'Stock is a whole number of pieces, 0 or more (empty: not sold from stock).':
    'Le stock est un nombre entier de pièces, 0 ou plus (vide : pas de vente sur stock).',
  'Incoming stock needs a whole quantity of 1 or more and a real “available from” day.':
    'Le stock à venir demande une quantité entière de 1 ou plus et une vraie date de disponibilité.',
  'Pieces of this size are reserved by orders: its stock cannot be emptied.':
    'Des pièces de cette taille sont réservées par des commandes : son stock ne peut pas être vidé.',
  'A stock line names a colour or size this product does not come in.': 'Une ligne de stock nomme un coloris ou une taille que ce produit n’a pas.',
  'The file has no stock line to read.': 'Le fichier n’a aucune ligne de stock à lire.',
  'Some lines of the file cannot be read; nothing was written:': 'Certaines lignes du fichier sont illisibles ; rien n’a été enregistré :',
  'A stock file can have at most 5,000 lines.': 'Un fichier de stock compte au plus 5 000 lignes.',
  'Some pieces are no longer in stock; nothing was ordered:': 'Certaines pièces ne sont plus en stock ; rien n’a été commandé :',
  'Pre-orders for this season are closed:': 'Les pré-commandes de cette saison sont fermées :',
  'Some lines cannot be ordered this way; nothing was ordered:': 'Certaines lignes ne peuvent pas être commandées ainsi ; rien n’a été commandé :',
  'Not enough pieces on hand to ship this order:': 'Pas assez de pièces en stock pour expédier cette commande :',
  'This delivery window does not belong to a season this product is sold in.':
    'Cette période de livraison n’appartient à aucune saison où ce produit est vendu.',
  'A season given for this product does not exist.': 'Une saison indiquée pour ce produit n’existe pas.',
  'This code is not right, or it was already used. Please try again.': 'Ce code n’est pas le bon, ou il a déjà servi. Réessayez.',
  'Enter the 6-digit code of your authenticator app, or one of your recovery codes.':
    'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours.',
  'This sign-in step has expired. Please sign in again.': 'Cette étape de connexion a expiré. Reconnectez-vous.',
  'This passkey could not be checked. Please try again.': 'Cette clé d’accès n’a pas pu être vérifiée. Réessayez.',
  'This passkey is not known here. Sign in with your password, then add it again.':
    'Cette clé d’accès n’est pas connue ici. Connectez-vous avec votre mot de passe, puis ajoutez-la de nouveau.',
  'Passkeys need the site to be served under a domain name (not an IP address).':
    'Les clés d’accès demandent que le site soit servi sous un nom de domaine (pas une adresse IP).',
  'This passkey does not exist (introuvable).': 'Cette clé d’accès est introuvable.',
  'A passkey name is 1 to 60 characters.': 'Le nom d’une clé d’accès compte 1 à 60 caractères.',
  'Start the authenticator set-up again: its code has expired.': 'Recommencez la configuration de l’application : son code a expiré.',
  'An authenticator app is already set up. Remove it first to set up another one.':
    'Une application d’authentification est déjà configurée. Retirez-la d’abord pour en configurer une autre.',
  'No authenticator app is set up.': 'Aucune application d’authentification n’est configurée.',
  'For this change, please confirm it is you: sign in again.': 'Pour ce changement, confirmez que c’est bien vous : reconnectez-vous.',
  'Administrators must add a second factor (a passkey or an authenticator app) before using the back-office.':
    'Les administrateurs doivent ajouter un second facteur (une clé d’accès ou une application d’authentification) avant d’utiliser le back-office.',
  'This session does not exist (introuvable).': 'Cette session est introuvable.',
  'Recovery codes come with a second factor: add a passkey or an authenticator app first.':
    'Les codes de secours vont avec un second facteur : ajoutez d’abord une clé d’accès ou une application d’authentification.',
  'Your other sessions are signed out.': 'Vos autres sessions sont déconnectées.',
  'Thank you, you can carry on.': 'Merci, vous pouvez continuer.',
  'No season exists yet: create one in Seasons first.': 'Aucune saison n’existe encore : créez-en une dans Saisons.',
  'The legal name is required (160 characters at most).': 'La dénomination sociale est obligatoire (160 caractères au plus).',
  'The legal form is a short text, like SAS or SARL (40 characters at most).':
    'La forme juridique est un texte court, comme SAS ou SARL (40 caractères au plus).',
  'The share capital is an amount in euros, 0 or more.': 'Le capital social est un montant en euros, 0 ou plus.',
  'The address needs a first line, a postcode, a town and a country (2 letters, like FR).':
    'L’adresse demande une première ligne, un code postal, une ville et un pays (2 lettres, comme FR).',
  'The SIREN is 9 digits whose key is right (Luhn).': 'Le SIREN compte 9 chiffres dont la clé est juste (Luhn).',
  'The SIRET is 14 digits whose key is right (Luhn) and which start with the SIREN.':
    'Le SIRET compte 14 chiffres dont la clé est juste (Luhn) et qui commencent par le SIREN.',
  'The RCS town is required for a company registered in France (80 characters at most).':
    'La ville du RCS est obligatoire pour une société immatriculée en France (80 caractères au plus).',
  'This VAT number is not valid (for France: FR, its key and the SIREN).': 'Ce numéro de TVA n’est pas valide (pour la France : FR, sa clé et le SIREN).',
  'This IBAN is not valid (its check digits do not match).': 'Cet IBAN n’est pas valide (sa clé de contrôle ne correspond pas).',
  'A BIC is 8 or 11 letters and digits, like BNPAFRPPXXX.': 'Un BIC compte 8 ou 11 lettres et chiffres, comme BNPAFRPPXXX.',
  'A number prefix is 1 to 20 letters, digits or + - _ / (the whole number stays within 35 characters).':
    'Un préfixe de numéro compte 1 à 20 lettres, chiffres ou + - _ / (le numéro entier reste sous 35 caractères).',
  'Invoices and credit notes need two different prefixes.': 'Les factures et les avoirs demandent deux préfixes différents.',
  'Name the key after the tool that will use it (1 to 80 characters).': 'Nommez la clé d’après l’outil qui s’en servira (1 à 80 caractères).',
  'A key either reads only, or reads and writes.': 'Une clé lit seulement, ou lit et écrit.',
  'This API key does not exist (introuvable).': 'Cette clé d’API est introuvable.',
  'This API key may only read: ask the owner for a key that may write.':
    'Cette clé d’API ne peut que lire : demandez à la propriétaire une clé qui peut écrire.',
  'An API key cannot manage accounts, sign-in or keys: sign in as the owner for that.':
    'Une clé d’API ne gère ni les comptes, ni la connexion, ni les clés : connectez-vous en tant que propriétaire pour cela.',
  'An account number is 3 to 20 digits or capital letters, starting with a digit (as 411, 706, 44571, 512).':
    'Un numéro de compte compte 3 à 20 chiffres ou lettres capitales et commence par un chiffre (comme 411, 706, 44571, 512).',
  'The year of an accounting file is 4 digits, from 2000 to 2100.': 'L’année d’un fichier des écritures comptables s’écrit en 4 chiffres, de 2000 à 2100.',
  'The accounting file is named after the SIREN: fill in the invoicing settings first.':
    'Le fichier des écritures porte le SIREN dans son nom : renseignez d’abord les réglages de facturation.',
  'Payment terms are 0 to 60 days (45 at most from the end of the month).': 'Le délai de paiement va de 0 à 60 jours (45 au plus en fin de mois).',
  'The late-payment penalty rate is a percentage from 0 to 100, with 2 decimals at most.':
    'Le taux des pénalités de retard est un pourcentage de 0 à 100, avec 2 décimales au plus.',
  'An early-payment discount is a rate from 0.01 to 100 % with the days it applies within, or none.':
    'Un escompte pour paiement anticipé est un taux de 0,01 à 100 % avec le délai où il s’applique, ou aucun.',
  'This invoice does not exist (introuvable).': 'Cette facture est introuvable.',
  'This payment does not exist (introuvable).': 'Ce paiement est introuvable.',
  'An invoice is issued for a shipped order only.': 'Une facture s’émet pour une commande expédiée seulement.',
  'This order already has its invoice.': 'Cette commande a déjà sa facture.',
  'The invoice cannot be issued yet. Missing:': 'La facture ne peut pas encore être émise. Il manque :',
  'A payment needs a real day, an amount above 0 with 2 decimals at most, and a method.':
    'Un paiement demande un vrai jour, un montant supérieur à 0 avec 2 décimales au plus, et un moyen de paiement.',
  'This payment is more than what is left to pay on the invoice.': 'Ce paiement dépasse ce qui reste à payer sur la facture.',
  'Payments are recorded on invoices, not on credit notes.': 'Les paiements s’enregistrent sur les factures, pas sur les avoirs.',
  'A credit note needs a reason, and either lines of the invoice with quantities of 1 or more, or an amount above 0 excl. VAT.':
    'Un avoir demande un motif, et soit des lignes de la facture avec des quantités de 1 ou plus, soit un montant HT supérieur à 0.',
  'A credit note cannot credit more than what is left on the invoice.': 'Un avoir ne peut pas créditer plus que ce qui reste sur la facture.',
  'A credited line is not a line of this invoice.': 'Une ligne créditée n’est pas une ligne de cette facture.',
  'A credit note is made from an invoice, not from another credit note.': 'Un avoir se fait à partir d’une facture, pas d’un autre avoir.',
  'The shipping charge is an amount excl. VAT from 0 to 10,000 with 2 decimals at most.':
    'Les frais de port sont un montant HT de 0 à 10 000 avec 2 décimales au plus.',
  'Reminders saved.': 'Relances enregistrées.',
  'No season has this code.': 'Aucune saison n’a ce code.',
  'The Idempotency-Key header must be the order’s id made on the tablet (8 to 64 letters, digits or hyphens).':
    'L’en-tête Idempotency-Key doit être l’identifiant de la commande fait sur la tablette (8 à 64 lettres, chiffres ou tirets).',
  'This order id was already used by another person’s order.': 'Cet identifiant de commande a déjà servi à la commande d’une autre personne.',
  'Choose a stockist or enter a new shop (one of the two).': 'Choisissez un revendeur ou saisissez une nouvelle boutique (l’un des deux).',
  'This stockist does not exist or is not approved.': 'Ce revendeur n’existe pas ou n’est pas approuvé.',
  'A new shop needs its company name, e-mail address and whole address.':
    'Une nouvelle boutique a besoin de sa raison sociale, de son adresse e-mail et de son adresse complète.',
  'This e-mail address already has an account here: choose the shop among the stockists.':
    'Cette adresse e-mail a déjà un compte ici : choisissez la boutique parmi les revendeurs.',
  'The signature must be a PNG or JPEG image of 200 KB at most.': 'La signature doit être une image PNG ou JPEG de 200 Ko au plus.',
  'The time the order was taken must be a date and time (ISO 8601).': 'L’heure de la prise de commande doit être une date et une heure (ISO 8601).',
  'An order needs at least one line.': 'Une commande a besoin d’au moins une ligne.',
  'This order cannot be sent as it is; each line says why:': 'Cette commande ne peut pas être envoyée telle quelle ; chaque ligne dit pourquoi :',
  'No showroom order of yours has this id (introuvable).': 'Aucune de vos commandes du showroom n’a cet identifiant (introuvable).',
  'This pack is not one of the style’s packs:': 'Ce pack n’est pas l’un des packs du modèle :',
  'This style is sold in packs only; order it by the pack:': 'Ce modèle est vendu uniquement en packs ; commandez-le par pack :',
  'This style is sold in multiples; each quantity per colour and size must be a multiple of it:':
    'Ce modèle est vendu par multiples ; chaque quantité par couleur et taille doit en être un multiple :',
  'A number of packs is a whole number from 1 to 999, and makes at most 999 pieces of a size.':
    'Un nombre de packs est un nombre entier de 1 à 999, et fait au plus 999 pièces d’une taille.',
  'A pack needs a name (60 characters at most).': 'Un pack a besoin d’un nom (60 caractères au plus).',
  'A pack gives a whole number of pieces (1 to 99) for at least one size.': 'Un pack donne un nombre entier de pièces (1 à 99) pour au moins une taille.',
  'A pack’s sizes must be sizes every colour of the style is made in.':
    'Les tailles d’un pack doivent être des tailles dans lesquelles chaque couleur du modèle est faite.',
  'A style sold in packs only needs at least one pack.': 'Un modèle vendu uniquement en packs a besoin d’au moins un pack.',
  'The order multiple is a whole number from 1 to 100.': 'Le multiple de commande est un nombre entier de 1 à 100.',
  'The agent’s name is 1 to 80 characters.': 'Le nom de l’agent compte 1 à 80 caractères.',
  'Enter a valid e-mail address.': 'Saisissez une adresse e-mail valide.',
  'The commission is a percentage from 0 to 50, with 2 decimals at most, or none.':
    'La commission est un pourcentage de 0 à 50, avec 2 décimales au plus, ou aucune.',
  'This e-mail address already has an account here: an agent needs an address of their own.':
    'Cette adresse e-mail a déjà un compte ici : un agent a besoin d’une adresse à lui.',
  'This agent does not exist (introuvable).': 'Cet agent est introuvable.',
  'The invitation was sent again.': 'L’invitation a été renvoyée.',
  'The platform’s addresses are full https:// addresses (2,000 characters at most).':
    'Les adresses de la plateforme sont des adresses https:// complètes (2 000 caractères au plus).',
  'To turn the platform on, give its flow service address.': 'Pour activer la plateforme, indiquez l’adresse de son service de flux.',
  'To turn the platform on, give its credentials (a client id and secret, or an API key).':
    'Pour activer la plateforme, indiquez ses identifiants (un identifiant client et son secret, ou une clé d’API).',
  'The client id is 200 characters at most.': 'L’identifiant client compte 200 caractères au plus.',
  'The secret is 500 characters at most.': 'Le secret compte 500 caractères au plus.',
  'The e-invoicing platform is turned off: turn it on in the invoicing settings first.':
    'La plateforme de facturation électronique est désactivée : activez-la d’abord dans les réglages de facturation.',
  'Only a document the platform rejected, or could not take, is sent again.':
    'Seul un document que la plateforme a rejeté, ou n’a pas pu prendre, est renvoyé.',
  'The platform could not be reached:': 'La plateforme n’a pas pu être jointe :',
  'The platform answered something that is not its API’s answer:': 'La plateforme a répondu autre chose qu’une réponse de son API :',
  'The platform refused the credentials:': 'La plateforme a refusé les identifiants :',
  'A SIREN is 9 digits.': 'Un SIREN compte 9 chiffres.',
  'The platform answered: the connection works.': 'La plateforme a répondu : la connexion fonctionne.',
  'A webhook address is a full https:// address (2,000 characters at most).':
    'L’adresse d’un webhook est une adresse https:// complète (2 000 caractères au plus).',
  'This address leads inside a private network (loopback, private or link-local): the site sends nothing there.':
    'Cette adresse mène dans un réseau privé (boucle locale, privé ou lien local) : le site n’y envoie rien.',
  'This address’s host name could not be found.': 'Le nom d’hôte de cette adresse est introuvable.',
  'Choose at least one event among those the site sends.': 'Choisissez au moins un événement parmi ceux que le site envoie.',
  'The description is 200 characters at most.': 'La description compte 200 caractères au plus.',
  'This webhook endpoint does not exist (introuvable).': 'Ce point de réception de webhooks est introuvable.',
  'This delivery does not exist (introuvable).': 'Cet envoi est introuvable.',
  'This endpoint is turned off: turn it on before sending again.': 'Ce point de réception est désactivé : activez-le avant de renvoyer.',
  // Currencies (issue 47; in French since issue 56).
  'currency: the currency is one of EUR, GBP, CHF, USD and JPY.': 'currency : la devise est l’une de EUR, GBP, CHF, USD et JPY.',
  'currency: a price list or a rate is for GBP, CHF, USD or JPY (the euro is the label’s own).':
    'currency : une liste de prix ou un cours est en GBP, CHF, USD ou JPY (l’euro est la devise de la marque).',
  'rate: a rate is the currency’s units for one euro, more than 0 and at most 2000, with at most 6 decimals.':
    'rate : un cours est le nombre d’unités de la devise pour un euro, plus de 0 et au plus 2000, avec 6 décimales au plus.',
  'rounding: prices round to a step from 0.01 to 1000 of the currency (whole units for the yen), or 0 for its smallest unit.':
    'rounding : les prix s’arrondissent à un pas de 0,01 à 1000 de la devise (des unités entières pour le yen), ou 0 pour sa plus petite unité.',
  'prices: a trade price and a retail price are amounts of 0 or more of the currency (whole yen), with at most 2 decimals, the retail price at least the trade price.':
    'prices : un prix de gros et un prix de vente conseillé sont des montants de 0 ou plus dans la devise (yens entiers), avec 2 décimales au plus, le prix conseillé au moins égal au prix de gros.',
  'prices: a style of this list is not in the collection.': 'prices : un modèle de cette liste n’est pas dans la collection.',
  'prices: a style appears twice.': 'prices : un modèle apparaît deux fois.',
  'prices: without a rate to derive them, every style needs its price. Missing:':
    'prices : sans cours pour les calculer, chaque modèle doit avoir son prix. Manquent :',
  'currency: keep a price list in this currency first (Invoicing → Currencies).':
    'currency : créez d’abord une liste de prix dans cette devise (Finances → Devises).',
  'This company has orders under way or invoices unpaid: its currency can change once they are settled.':
    'Cette société a des commandes en cours ou des factures impayées : sa devise pourra changer une fois celles-ci soldées.',
  'day: a rate is for one day (YYYY-MM-DD).': 'day : un cours vaut pour un jour (AAAA-MM-JJ).',
  'This is not the European Central Bank’s CSV file of euro reference rates (a Date column, then one column per currency).':
    'Ce n’est pas le fichier CSV des cours de référence de l’euro de la Banque centrale européenne (une colonne Date, puis une colonne par devise).',
};

/**
 * The API speaks the caller's language (the same resolution as the pages:
 * ?lang, then the lang cookie, then Accept-Language, else fr). Messages are
 * written in English in the code and translated here; an unknown sentence
 * (a generic schema message) stays as it is.
 */
export function localizeMessage(message: string, locale: 'fr' | 'en'): string {
  if (locale === 'en') return message;
  const key = (Object.keys(API_ERRORS) as ApiErrorKey[]).find((k) => API_ERRORS[k] === message);
  return key ? API_ERRORS_FR[key] : (OTHER_FR[message] ?? message);
}

/** True for the sentences the API writes itself (they need no field name in front). */
export function isKnownMessage(message: string): boolean {
  return (Object.values(API_ERRORS) as string[]).includes(message) || message in OTHER_FR;
}

/**
 * The fields a sentence names before its colon ("discount: …", "openingMinimum, reorderMinimum: …"), as
 * JSON pointers; none when it names none.
 */
export function fieldsOf(message: string): string[] {
  const named = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*(?:, [a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)*): /.exec(message);
  return named ? named[1]!.split(', ').map((name) => `/${name.replace(/\./g, '/')}`) : [];
}
