// The API as the browser calls it: each endpoint named by its method and path under /api (as the
// server declares it), with the very schemas the server validates and serializes with (a test in
// server/src/endpoints.test.ts holds them to the registered routes). The web's client is typed from
// this table, so a wrong path, query or body does not compile, and it checks each answer against
// its schema before a screen renders it.
import { orderReturns, returnAcceptInput, returnInput, returnList, returnListQuery, returnReceiveInput, returnRecord, returnRefuseInput } from './returns.ts';
import { bulkShipInput, bulkShipResult, pickListQuery } from './fulfilment.ts';
import { adminProposalList, adminProposalQuery, proposal, proposalInput, proposalList, proposalSendInput } from './proposals.ts';
import { adminOrderChangeInput, orderChange, orderChangeDecisionInput, orderChangeInput, orderChangeList, orderChangeListQuery } from './order-changes.ts';
import { adminHome } from './home.ts';
import { allocationInput, allocationProposal, allocationQuery, allocationResult, companyPriority, priorityInput } from './allocation.ts';
import {
  adminWaitlistList,
  adminWaitlistQuery,
  offerConfirmInput,
  offerList,
  waitlistEntry,
  waitlistInput,
  waitlistList,
  waitlistOffer,
  waitlistPieces,
  waitlistPiecesQuery,
} from './waitlists.ts';
import { pageQuery } from './paging.ts';
import {
  assignResult,
  barcodeImportInput,
  barcodeImportResult,
  barcodeList,
  barcodeListQuery,
  feedQuery,
  gs1Input,
  gs1State,
  orderGtins,
  productFeed,
  tagsQuery,
} from './barcodes.ts';
import {
  accountDebits,
  bankEntry,
  bankEntryList,
  bankEntryQuery,
  collection,
  collectionInput,
  collectionList,
  csvColumns,
  csvColumnsState,
  mandate,
  mandateInput,
  mandateList,
  matchInput,
  paymentReturn,
  paymentReturnInput,
  statementImport,
  statementList,
} from './bank.ts';
import { companyTerms, companyTermsInput } from './terms.ts';
import {
  ecbImport,
  ecbImportInput,
  exchangeRateInput,
  exchangeRateList,
  exchangeRateQuery,
  priceList,
  priceListInput,
  priceListQuery,
  priceLists,
} from './currencies.ts';
import {
  companyDoor,
  companyDoorList,
  companyPerson,
  companyPersonList,
  companyQuery,
  companySummaryList,
  companyView,
  doorInput,
  personInvite,
  personUpdate,
} from './companies.ts';
import { z } from 'zod';
import type { HttpMethod, PathParams, PathParamNames } from './api-path.ts';
import type { Locale } from './constants.ts';
import { activityPage, activityQuery } from './activity.ts';
import { apiKey, apiKeyInput, feedKeyInput, apiKeyList, apiKeyListQuery, createdApiKey } from './apikeys.ts';
import { agent, agentInput, agentList, agentListQuery, agentUpdate } from './agents.ts';
import { showroomAnswer, showroomOrderInput, showroomSnapshot, showroomSnapshotQuery, showroomStatus } from './showroom.ts';
import { platformCheck, platformSettings, platformSettingsInput, sirenLookup, sirenQuery } from './approved-platform.ts';
import {
  webhookDeliveryList,
  webhookDeliveryQuery,
  webhookDelivery,
  webhookEndpoint,
  webhookEndpointList,
  webhookInput,
  webhookWithSecret,
} from './webhooks.ts';
import { forgotPasswordRequest, loginRequest, loginResponse, messageResponse, passwordChangeRequest, resetPasswordRequest, user } from './auth.ts';
import {
  adminProduct,
  adminProductList,
  adminProductQuery,
  productAnswer,
  productInput,
  productMoveInput,
  productOrderInput,
  uploadResponse,
} from './catalogue.ts';
import { adminPost, adminPostList, adminPostQuery, adminSection, adminSectionList, postInput, sectionInput } from './journal.ts';
import { creditNoteInput, invoiceDocument, invoiceList, invoiceListQuery, paymentInput, remindersInput, remindersState } from './invoices.ts';
import { fecQuery, invoicingSettings, invoicingSettingsInput } from './seller.ts';
import { accountListing, adminListing, adminListingInput, adminListingList, adminListingQuery, listingInput } from './listings.ts';
import {
  adminOrderQuery,
  myOrderQuery,
  cancelInput,
  companyDetails,
  companyInput,
  confirmInput,
  reviewDecision,
  draft,
  draftInput,
  order,
  orderList,
  periodLangQuery,
  shipBody,
  shipmentInput,
  followDateInput,
  retailerCompany,
  submitBody,
  reorderResult,
  submitResult,
} from './orders.ts';
import { adminPage, pageSaveInput } from './pages.ts';
import { cutSheet, productionQuery, salesFigures, salesQuery } from './production.ts';
import { langQuery } from './query.ts';
import {
  adminSeason,
  adminSeasonList,
  availability,
  lineSheetQuery,
  seasonInput,
  seasonList,
  seasonQuery,
  stockQuery,
  stockImportInput,
  stockImportResult,
  stockInput,
  stockList,
  stockSaved,
} from './seasons.ts';
import {
  addedPasskey,
  factorCodes,
  loginOrMfa,
  mfaRequest,
  passkeyAddRequest,
  passkeyRenameRequest,
  passkeyVerifyRequest,
  reauthRequest,
  recoveryCodes,
  securityOverview,
  totpConfirmRequest,
  totpSetup,
  webauthnOptions,
} from './security.ts';
import { application, applicationInput, applicationList, applicationStatusQuery, contactInput, contactMessageList } from './retailers.ts';
import { adminTerms, termsInput } from './wholesale.ts';

/** A JSON call: its query and body as the server validates them; its answer (none: 204 No Content). */
export interface JsonEndpoint {
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}
/** A file the screen hands to the browser's download (PDF, CSV, ZIP). */
export interface FileEndpoint {
  query?: z.ZodType;
  file: true;
}
/** A multipart upload (with progress): an image (the answer names the stored file) or a bank statement (what it recorded). */
export interface UploadEndpoint {
  upload: true;
  response: z.ZodType;
}
export type Endpoint = JsonEndpoint | FileEndpoint | UploadEndpoint;

export const endpoints = {
  // —— Signing in (spec §4) ——
  'GET /auth/me': { response: user },
  'POST /auth/login': { body: loginRequest, response: loginOrMfa },
  'POST /auth/mfa': { body: mfaRequest, response: loginResponse },
  'POST /auth/passkey/options': { response: webauthnOptions },
  'POST /auth/passkey/verify': { body: passkeyVerifyRequest, response: loginResponse },
  'POST /auth/logout': {},
  'POST /auth/forgot-password': { body: forgotPasswordRequest, response: messageResponse },
  'POST /auth/reset-password': { body: resetPasswordRequest, response: messageResponse },
  'POST /auth/reauth': { body: reauthRequest, response: messageResponse },
  'PUT /auth/password': { body: passwordChangeRequest, response: messageResponse },

  // —— The public forms and the trade panel of a product page ——
  'POST /contact': { body: contactInput, response: messageResponse },
  'POST /retailers/contact': { body: applicationInput, response: messageResponse },
  'GET /products/:id': { query: langQuery, response: productAnswer },

  // —— The account: factors, sessions, company, listing ——
  'GET /account/security': { response: securityOverview },
  'POST /account/passkeys/options': { response: webauthnOptions },
  'POST /account/passkeys': { body: passkeyAddRequest, response: addedPasskey },
  'PATCH /account/passkeys/:id': { body: passkeyRenameRequest },
  'DELETE /account/passkeys/:id': {},
  'POST /account/totp': { response: totpSetup },
  'POST /account/totp/confirm': { body: totpConfirmRequest, response: factorCodes },
  'DELETE /account/totp': {},
  'POST /account/recovery-codes': { response: recoveryCodes },
  'DELETE /account/sessions/:id': {},
  'DELETE /account/sessions': { response: messageResponse },
  'GET /account/company': { response: companyDetails },
  'PUT /account/company': { body: companyInput, response: companyDetails },
  // —— The company: people and doors (issue 46) ——
  'GET /account/people': { response: companyPersonList },
  'POST /account/people': { body: personInvite, response: companyPerson },
  'PATCH /account/people/:id': { body: personUpdate, response: companyPerson },
  'DELETE /account/people/:id': {},
  'GET /account/doors': { response: companyDoorList },
  'POST /account/doors': { body: doorInput, response: companyDoor },
  'PUT /account/doors/:id': { body: doorInput, response: companyDoor },
  'DELETE /account/doors/:id': {},
  'GET /account/terms': { response: companyTerms },
  'GET /admin/companies': { query: companyQuery, response: companySummaryList },
  'GET /admin/companies/:id': { response: companyView },
  'POST /admin/companies/:id/people': { body: personInvite, response: companyPerson },
  'PATCH /admin/companies/:id/people/:personId': { body: personUpdate, response: companyPerson },
  'DELETE /admin/companies/:id/people/:personId': {},
  'POST /admin/companies/:id/doors': { body: doorInput, response: companyDoor },
  'PUT /admin/companies/:id/doors/:doorId': { body: doorInput, response: companyDoor },
  'DELETE /admin/companies/:id/doors/:doorId': {},
  'GET /admin/companies/:id/terms': { response: companyTerms },
  'PUT /admin/companies/:id/terms': { body: companyTermsInput, response: companyTerms },
  'GET /admin/price-lists': { response: priceLists },
  'GET /admin/price-lists/:currency': { query: priceListQuery, response: priceList },
  'PUT /admin/price-lists/:currency': { body: priceListInput, response: priceList },
  'GET /admin/exchange-rates': { query: exchangeRateQuery, response: exchangeRateList },
  'PUT /admin/exchange-rates': { body: exchangeRateInput, response: exchangeRateList },
  'POST /admin/exchange-rates/ecb': { body: ecbImportInput, response: ecbImport },
  'GET /account/listing': { response: accountListing },
  'PUT /account/listing': { body: listingInput, response: accountListing },
  'POST /account/listing/logo': { upload: true, response: uploadResponse },

  // —— The retailer's ordering: seasons, availability, draft, orders, invoices ——
  'GET /wholesale/seasons': { query: langQuery, response: seasonList },
  'GET /wholesale/linesheet.pdf': { query: lineSheetQuery, file: true },
  'GET /wholesale/availability/:id': { query: langQuery, response: availability },
  'GET /orders/draft': { query: langQuery, response: draft },
  'PUT /orders/draft': { query: langQuery, body: draftInput, response: draft },
  'POST /orders/draft/submit': { query: langQuery, body: submitBody, response: submitResult },
  'GET /orders': { query: myOrderQuery, response: orderList },
  'GET /orders/:id': { query: langQuery, response: order },
  'POST /orders/:id/cancel': { query: langQuery, response: order },
  'POST /orders/:id/changes': { query: langQuery, body: orderChangeInput, response: orderChange },
  'DELETE /orders/:id/changes/:changeId': { query: langQuery, response: orderChange },
  'POST /orders/:id/reorder': { query: langQuery, response: reorderResult },
  'GET /invoices': { query: invoiceListQuery, response: invoiceList },
  'GET /invoices/:id.pdf': { file: true },
  'GET /orders/:id/shipments/:shipmentId/delivery-note.pdf': { file: true },
  'POST /orders/:id/returns': { query: langQuery, body: returnInput, response: returnRecord },
  'GET /orders/:id/returns': { query: langQuery, response: orderReturns },
  'GET /returns/:id': { query: langQuery, response: returnRecord },
  'POST /returns/photos': { upload: true, response: uploadResponse },
  'GET /admin/returns': { query: returnListQuery, response: returnList },
  'GET /admin/order-changes': { query: orderChangeListQuery, response: orderChangeList },
  'GET /admin/returns/:id': { query: langQuery, response: returnRecord },
  'POST /admin/returns/:id/accept': { query: langQuery, body: returnAcceptInput, response: returnRecord },
  'POST /admin/returns/:id/refuse': { query: langQuery, body: returnRefuseInput, response: returnRecord },
  'POST /admin/returns/:id/receive': { query: langQuery, body: returnReceiveInput, response: returnRecord },

  // —— Back-office: catalogue ——
  'GET /admin/products': { query: adminProductQuery, response: adminProductList },
  'GET /admin/products/:id': { query: langQuery, response: adminProduct },
  'POST /admin/products': { query: langQuery, body: productInput, response: adminProduct },
  'PUT /admin/products/:id': { query: langQuery, body: productInput, response: adminProduct },
  'PUT /admin/products/order': { body: productOrderInput },
  'POST /admin/products/:id/move': { body: productMoveInput },
  'DELETE /admin/products/:id': {},
  'POST /admin/uploads': { upload: true, response: uploadResponse },
  'GET /admin/seasons': { response: adminSeasonList },
  'POST /admin/seasons': { body: seasonInput, response: adminSeason },
  'PUT /admin/seasons/:id': { body: seasonInput, response: adminSeason },
  'DELETE /admin/seasons/:id': {},
  'GET /admin/stock': { query: stockQuery, response: stockList },
  'PUT /admin/stock': { body: stockInput, response: stockSaved },
  'POST /admin/stock/import': { query: langQuery, body: stockImportInput, response: stockImportResult },
  'GET /admin/stock.csv': { query: seasonQuery, file: true },

  // —— Back-office: trade ——
  'GET /admin/retailers/applications': { query: applicationStatusQuery, response: applicationList },
  'POST /admin/retailers/applications/:id/accept': { response: application },
  'DELETE /admin/retailers/applications/:id': {},
  'GET /admin/listings': { query: adminListingQuery, response: adminListingList },
  'GET /admin/messages': { query: pageQuery, response: contactMessageList },
  'PUT /admin/listings/:id': { body: adminListingInput, response: adminListing },
  'GET /admin/wholesale/terms': { response: adminTerms },
  'PUT /admin/wholesale/terms': { body: termsInput, response: adminTerms },
  'GET /admin/orders': { query: adminOrderQuery, response: orderList },
  'GET /admin/orders.csv': { query: periodLangQuery, file: true },
  'GET /admin/orders/:id': { query: langQuery, response: order },
  'GET /admin/orders/:id.csv': { query: langQuery, file: true },
  'POST /admin/orders/:id/confirm': { query: langQuery, body: confirmInput, response: order },
  'POST /admin/orders/:id/review': { query: langQuery, body: reviewDecision, response: order },
  'POST /admin/orders/:id/changes/:changeId/decision': { query: langQuery, body: orderChangeDecisionInput, response: order },
  'POST /admin/orders/:id/changes': { query: langQuery, body: adminOrderChangeInput, response: order },
  'POST /showroom/orders/:id/changes': { query: langQuery, body: adminOrderChangeInput, response: order },
  'POST /admin/proposals': { query: langQuery, body: proposalInput, response: proposal },
  'GET /admin/proposals': { query: adminProposalQuery, response: adminProposalList },
  'GET /admin/proposals/:id': { query: langQuery, response: proposal },
  'GET /account/proposals': { query: langQuery, response: proposalList },
  'POST /proposals/:id/send': { query: langQuery, body: proposalSendInput, response: submitResult },
  'POST /proposals/:id/decline': { query: langQuery, response: proposal },
  'POST /admin/orders/:id/ship': { query: langQuery, body: shipBody, response: order },
  'POST /admin/orders/:id/cancel': { query: langQuery, body: cancelInput, response: order },
  'POST /admin/orders/:id/shipments': { query: langQuery, body: shipmentInput, response: order },
  'POST /admin/orders/:id/cancel-rest': { query: langQuery, body: cancelInput, response: order },
  'PUT /admin/orders/:id/follow-date': { query: langQuery, body: followDateInput, response: order },
  'GET /admin/orders/:id/shipments/:shipmentId/delivery-note.pdf': { file: true },
  'GET /admin/orders/pick-list.csv': { query: pickListQuery, file: true },
  'GET /admin/orders/pick-list.pdf': { query: pickListQuery, file: true },
  'POST /admin/orders/ship-bulk': { query: langQuery, body: bulkShipInput, response: bulkShipResult },
  'GET /admin/allocations/proposal': { query: allocationQuery, response: allocationProposal },
  'POST /admin/allocations': { query: langQuery, body: allocationInput, response: allocationResult },
  'GET /admin/companies/:id/priority': { response: companyPriority },
  'PUT /admin/companies/:id/priority': { body: priorityInput, response: companyPriority },
  'GET /admin/waitlists': { query: adminWaitlistQuery, response: adminWaitlistList },
  'GET /admin/waitlists/pieces': { query: waitlistPiecesQuery, response: waitlistPieces },
  'POST /waitlist': { query: langQuery, body: waitlistInput, response: waitlistEntry },
  'DELETE /waitlist/:id': { query: langQuery, response: waitlistEntry },
  'GET /account/waitlist': { query: langQuery, response: waitlistList },
  'GET /account/offers': { query: langQuery, response: offerList },
  'POST /offers/:id/confirm': { query: langQuery, body: offerConfirmInput, response: order },
  'POST /offers/:id/decline': { query: langQuery, response: waitlistOffer },
  'GET /admin/production': { query: productionQuery, response: cutSheet },
  'GET /admin/production.csv': { query: productionQuery, file: true },
  'GET /admin/production.pdf': { query: productionQuery, file: true },
  'GET /admin/sales': { query: salesQuery, response: salesFigures },

  // —— Back-office: money ——
  'GET /admin/invoicing/settings': { response: invoicingSettings },
  'PUT /admin/invoicing/settings': { body: invoicingSettingsInput, response: invoicingSettings },
  'GET /admin/invoices': { query: invoiceListQuery, response: invoiceList },
  'GET /admin/invoices.csv': { query: periodLangQuery, file: true },
  'GET /admin/invoices.zip': { query: periodLangQuery, file: true },
  'GET /admin/accounting/fec': { query: fecQuery, file: true },
  'GET /admin/invoices/:id': { query: langQuery, response: invoiceDocument },
  'GET /admin/invoices/:id.pdf': { file: true },
  'POST /admin/invoices/:id/payments': { query: langQuery, body: paymentInput, response: invoiceDocument },
  'DELETE /admin/invoices/:id/payments/:paymentId': { query: langQuery, response: invoiceDocument },
  'POST /admin/invoices/:id/credit-notes': { query: langQuery, body: creditNoteInput, response: invoiceDocument },
  'POST /admin/orders/:id/invoice': { query: langQuery, response: invoiceDocument },
  'GET /admin/stockists/:id/company': { response: retailerCompany },
  'PUT /admin/stockists/:id/company': { body: companyInput, response: companyDetails },
  'PUT /admin/stockists/:id/reminders': { body: remindersInput, response: remindersState },
  'POST /admin/bank/statements': { upload: true, response: statementImport },
  'GET /admin/bank/statements': { query: pageQuery, response: statementList },
  'GET /admin/bank/entries': { query: bankEntryQuery, response: bankEntryList },
  'POST /admin/bank/entries/:id/match': { body: matchInput, response: bankEntry },
  'GET /admin/bank/csv-columns': { response: csvColumnsState },
  'PUT /admin/bank/csv-columns': { body: csvColumns, response: csvColumnsState },
  'GET /admin/companies/:id/mandates': { response: mandateList },
  'POST /admin/companies/:id/mandates': { body: mandateInput, response: mandate },
  'POST /admin/mandates/:id/revoke': { response: mandate },
  'GET /admin/mandates/:id.pdf': { file: true },
  'POST /admin/collections': { body: collectionInput, response: collection },
  'GET /admin/collections': { query: pageQuery, response: collectionList },
  'GET /admin/collections/:id': { response: collection },
  'GET /admin/collections/:id/pain.008.xml': { file: true },
  'POST /admin/payments/:id/returned': { body: paymentReturnInput, response: paymentReturn },
  'GET /account/debits': { response: accountDebits },
  'GET /admin/settings/gs1': { response: gs1State },
  'PUT /admin/settings/gs1': { body: gs1Input, response: gs1State },
  'POST /admin/barcodes/assign': { response: assignResult },
  'POST /admin/barcodes/import': { query: langQuery, body: barcodeImportInput, response: barcodeImportResult },
  'GET /admin/barcodes': { query: barcodeListQuery, response: barcodeList },
  'GET /admin/orders/:id/gtins': { response: orderGtins },
  'GET /admin/orders/:id/tags.pdf': { query: tagsQuery, file: true },
  'GET /admin/orders/:id/shipments/:shipmentId/tags.pdf': { query: tagsQuery, file: true },
  'GET /orders/:id/tags.pdf': { query: tagsQuery, file: true },
  'GET /feed/products.json': { query: feedQuery, response: productFeed },
  'GET /feed/products.csv': { query: feedQuery, file: true },
  'GET /feed/images.zip': { query: feedQuery, file: true },

  // —— Back-office: content ——
  'GET /admin/pages/:page': { response: adminPage },
  'PUT /admin/pages/:page': { body: pageSaveInput, response: adminPage },
  'GET /admin/blog': { query: adminPostQuery, response: adminPostList },
  'POST /admin/blog': { query: langQuery, body: postInput, response: adminPost },
  'PUT /admin/blog/:id': { query: langQuery, body: postInput, response: adminPost },
  'DELETE /admin/blog/:id': {},
  'GET /admin/blog/sections': { query: langQuery, response: adminSectionList },
  'POST /admin/blog/sections': { query: langQuery, body: sectionInput, response: adminSection },
  'PUT /admin/blog/sections/:id': { query: langQuery, body: sectionInput, response: adminSection },
  'DELETE /admin/blog/sections/:id': {},
  'GET /admin/activity': { query: activityQuery, response: activityPage },
  'GET /admin/home': { response: adminHome },
  'GET /admin/api-keys': { query: apiKeyListQuery, response: apiKeyList },
  'POST /admin/api-keys': { body: apiKeyInput, response: createdApiKey },
  'DELETE /admin/api-keys/:id': { response: apiKey },
  'GET /account/feed-keys': { query: apiKeyListQuery, response: apiKeyList },
  'POST /account/feed-keys': { body: feedKeyInput, response: createdApiKey },
  'DELETE /account/feed-keys/:id': { response: apiKey },
  'GET /admin/agents': { query: agentListQuery, response: agentList },
  'GET /showroom/snapshot': { query: showroomSnapshotQuery, response: showroomSnapshot },
  'POST /showroom/orders': { body: showroomOrderInput, response: showroomAnswer },
  'GET /showroom/orders/:key': { response: showroomStatus },
  'POST /admin/agents': { body: agentInput, response: agent },
  'PUT /admin/agents/:id': { body: agentUpdate, response: agent },
  'POST /admin/agents/:id/invite': { response: agent },
  'GET /admin/invoicing/platform': { response: platformSettings },
  'PUT /admin/invoicing/platform': { body: platformSettingsInput, response: platformSettings },
  'POST /admin/invoicing/platform/check': { response: platformCheck },
  'GET /admin/invoicing/platform/siren': { query: sirenQuery, response: sirenLookup },
  'POST /admin/invoices/:id/platform/resubmit': { response: invoiceDocument },
  'GET /admin/webhooks': { response: webhookEndpointList },
  'POST /admin/webhooks': { body: webhookInput, response: webhookWithSecret },
  'PUT /admin/webhooks/:id': { body: webhookInput, response: webhookEndpoint },
  'DELETE /admin/webhooks/:id': {},
  'POST /admin/webhooks/:id/rotate': { response: webhookWithSecret },
  'GET /admin/webhooks/:id/deliveries': { query: webhookDeliveryQuery, response: webhookDeliveryList },
  'POST /admin/webhooks/deliveries/:id/replay': { response: webhookDelivery },
} as const satisfies Record<`${HttpMethod} /${string}`, Endpoint>;

type Table = typeof endpoints;
export type EndpointName = keyof Table;
/** The endpoints answered with JSON (or nothing), a file, or an upload's result. */
export type JsonName = { [K in EndpointName]: Table[K] extends { file: true } | { upload: true } ? never : K }[EndpointName];
export type FileName = { [K in EndpointName]: Table[K] extends { file: true } ? K : never }[EndpointName];
export type UploadName = { [K in EndpointName]: Table[K] extends { upload: true } ? K : never }[EndpointName];

/** The query a call may send; `lang` is every call's own option (the server reads it on every route). */
export type QueryOf<K extends EndpointName> = Table[K] extends { query: infer Q extends z.ZodType } ? Omit<z.input<Q>, 'lang'> : never;
export type BodyOf<K extends EndpointName> = Table[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** What a call answers, once checked against its schema (`void`: 204 No Content). */
export type AnswerOf<K extends EndpointName> = Table[K] extends { response: infer R extends z.ZodType } ? z.output<R> : void;

type ParamsPart<K extends EndpointName> = [PathParamNames<K>] extends [never] ? { params?: never } : { params: PathParams<K> };
type QueryPart<K extends EndpointName> = [QueryOf<K>] extends [never]
  ? { query?: never }
  : object extends QueryOf<K>
    ? { query?: QueryOf<K> }
    : { query: QueryOf<K> };
type BodyPart<K extends EndpointName> = [BodyOf<K>] extends [never]
  ? { body?: never }
  : undefined extends BodyOf<K>
    ? { body?: BodyOf<K> }
    : { body: BodyOf<K> };

/** Everything a call takes: path parameters, query and body as its endpoint declares them. */
export type CallInput<K extends EndpointName> = ParamsPart<K> &
  QueryPart<K> &
  BodyPart<K> & {
    /** `?lang=`: the language of the answer's texts and messages. */
    lang?: Locale;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** Told the total of a list answered as a plain array (its `X-Total-Count`), when the answer has one. */
    onTotal?: (total: number) => void;
  };
/** The input may be left out when nothing in it is required. */
export type CallArgs<K extends EndpointName> = object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];
