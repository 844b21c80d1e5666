import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { TEST_CA_FILE } from './receiver.ts';

/**
 * A local approved platform for the tests: the XP Z12-013 flow service as the site's adapter uses it
 * (ADR 0014), over https with the test certificate, with OAuth2 client credentials. The test steers it:
 * reject the next document, refuse one as its buyer, answer garbage or fail for a while.
 */
export interface FakeFlow {
  flowId: string;
  trackingId: string;
  name: string;
  flowSyntax: string;
  processingRule: string;
  sha256: string;
  bytes: Buffer;
  acknowledgement: { status: 'Ok' | 'Error'; details: Array<{ reasonCode: string; reasonMessage: string }> };
  /** The lifecycle (CDAR) flows that follow it. */
  lifecycle: string[];
}

export interface FakePlatform {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  flows: Map<string, FakeFlow>;
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  directory: Map<string, string>;
  /** The next deposited document is rejected (Rejetée, 213) with this reason. */
  rejectNext: string | null;
  /** The next `n` calls of the flow API answer 503. */
  failNext: number;
  /** The next call answers HTML with a 200. */
  garbageNext: boolean;
  /** The buyer refuses an invoice (Refusée, 210). */
  refuse(trackingId: string, reason: string): void;
  tokensIssued: number;
  close(): Promise<void>;
}

const KEY_FILE = path.join(import.meta.dirname, 'tls', 'localhost.key');

function cdarStatus(number: string, code: string, label: string, reason: string | null): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:AcknowledgementDocument><ram:ReferenceReferencedDocument><ram:IssuerAssignedID>${number}</ram:IssuerAssignedID><ram:ProcessConditionCode>${code}</ram:ProcessConditionCode><ram:ProcessCondition>${label}</ram:ProcessCondition>${reason ? `<ram:SpecifiedDocumentStatus><ram:Reason>${reason.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</ram:Reason></ram:SpecifiedDocumentStatus>` : ''}</ram:ReferenceReferencedDocument></rsm:AcknowledgementDocument></rsm:CrossDomainAcknowledgementAndResponse>`,
  );
}

export async function startFakePlatform(): Promise<FakePlatform> {
  const tokens = new Set<string>();
  const state: FakePlatform = {
    url: '',
    tokenUrl: '',
    clientId: 'maison-solene',
    clientSecret: `cs_${randomBytes(12).toString('hex')}`,
    flows: new Map(),
    requests: [],
    directory: new Map([['552081317', 'Les Jours Lents SARL']]),
    rejectNext: null,
    failNext: 0,
    garbageNext: false,
    tokensIssued: 0,
    refuse(trackingId, reason) {
      const flow = [...state.flows.values()].find((f) => f.trackingId === trackingId && f.flowSyntax === 'Factur-X');
      if (!flow) throw new Error(`no flow for ${trackingId}`);
      addLifecycle(flow, '210', 'Refusée', reason);
    },
    close: async () => {},
  };
  const addLifecycle = (flow: FakeFlow, code: string, label: string, reason: string | null) => {
    const id = `LC-${randomBytes(6).toString('hex')}`;
    state.flows.set(id, {
      flowId: id,
      trackingId: flow.trackingId,
      name: `${id}.xml`,
      flowSyntax: 'CDAR',
      processingRule: 'NotApplicable',
      sha256: '',
      bytes: cdarStatus(flow.trackingId, code, label, reason),
      acknowledgement: { status: 'Ok', details: [] },
      lifecycle: [],
    });
    flow.lifecycle.push(id);
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = https.createServer({ key: fs.readFileSync(KEY_FILE), cert: fs.readFileSync(TEST_CA_FILE) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url ?? '/', 'https://platform.test');
        state.requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
        if (url.pathname === '/oauth/token' && req.method === 'POST') {
          const form = new URLSearchParams(body.toString('utf8'));
          if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret)
            return json(res, 401, { error: 'invalid_client' });
          const token = randomBytes(16).toString('hex');
          tokens.add(token);
          state.tokensIssued += 1;
          return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
        }
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !tokens.has(bearer)) return json(res, 401, { errorCode: 'UNAUTHORIZED', errorMessage: 'invalid token' });
        if (state.garbageNext) {
          state.garbageNext = false;
          return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
        }
        if (state.failNext > 0) {
          state.failNext -= 1;
          return json(res, 503, { errorCode: 'UNAVAILABLE', errorMessage: 'try later' });
        }
        if (url.pathname === '/v1/healthcheck') return json(res, 200, { status: 'ok' });
        const siren = /^\/v1\/siren\/code-insee:(\d{9})$/.exec(url.pathname)?.[1];
        if (siren && req.method === 'GET') {
          const name = state.directory.get(siren);
          return name
            ? json(res, 200, { siren, businessName: name, entityType: 'Legal unit' })
            : json(res, 404, { errorCode: 'NOT_FOUND', errorMessage: 'unknown SIREN' });
        }
        if (url.pathname === '/v1/flows' && req.method === 'POST') {
          const form = await new Request('https://platform.test/v1/flows', {
            method: 'POST',
            headers: { 'content-type': req.headers['content-type'] ?? '' },
            body,
          }).formData();
          const file = form.get('file');
          const infoPart = form.get('flowInfo');
          const info = JSON.parse(typeof infoPart === 'string' ? infoPart : await (infoPart as Blob).text()) as Record<string, string>;
          if (!(file instanceof Blob) || !info.flowSyntax || !info.name)
            return json(res, 400, { errorCode: 'BAD_REQUEST', errorMessage: 'file and flowInfo are required' });
          const bytes = Buffer.from(await file.arrayBuffer());
          if (info.flowSyntax === 'Factur-X' && bytes.subarray(0, 5).toString() !== '%PDF-')
            return json(res, 422, { errorCode: 'INVALID_FILE', errorMessage: 'not a PDF' });
          if (info.flowSyntax === 'CDAR') {
            const target = state.flows.get(info.trackingId ?? '');
            if (!target) return json(res, 422, { errorCode: 'UNKNOWN_FLOW', errorMessage: 'no flow to attach the status to' });
            const code = /<ram:ProcessConditionCode>(\d{3})</.exec(bytes.toString('utf8'))?.[1];
            if (code !== '212') return json(res, 422, { errorCode: 'INVALID_STATUS', errorMessage: `status ${code} is not for the seller` });
            addLifecycle(target, '212', 'Encaissée', null);
          }
          const flowId = `FL-${randomBytes(6).toString('hex')}`;
          const rejected = info.flowSyntax === 'Factur-X' ? state.rejectNext : null;
          state.rejectNext = null;
          state.flows.set(flowId, {
            flowId,
            trackingId: info.trackingId ?? '',
            name: info.name,
            flowSyntax: info.flowSyntax,
            processingRule: info.processingRule ?? '',
            sha256: info.sha256 ?? '',
            bytes,
            acknowledgement: rejected ? { status: 'Error', details: [{ reasonCode: 'REJ_SEMAN', reasonMessage: rejected }] } : { status: 'Ok', details: [] },
            lifecycle: [],
          });
          return json(res, 202, { flowId, trackingId: info.trackingId, status: 'Deposited', updatedAt: new Date().toISOString() });
        }
        if (url.pathname === '/v1/flows/search' && req.method === 'POST') {
          const query = JSON.parse(body.toString('utf8')) as { where?: { trackingId?: string } };
          const invoice = [...state.flows.values()].filter((f) => f.flowSyntax === 'Factur-X' && f.trackingId === query.where?.trackingId);
          const ids = invoice.flatMap((f) => f.lifecycle);
          return json(res, 200, { results: ids.map((id) => ({ flowId: id, flowType: 'CustomerInvoiceLC', trackingId: query.where?.trackingId })) });
        }
        const one = /^\/v1\/flows\/([^/]+)$/.exec(url.pathname)?.[1];
        if (one && req.method === 'GET') {
          const flow = state.flows.get(decodeURIComponent(one));
          if (!flow) return json(res, 404, { errorCode: 'NOT_FOUND', errorMessage: 'unknown flow' });
          if (url.searchParams.get('docType') === 'Original')
            return res.writeHead(200, { 'content-type': flow.flowSyntax === 'CDAR' ? 'application/xml' : 'application/pdf' }).end(flow.bytes);
          return json(res, 200, {
            flowId: flow.flowId,
            trackingId: flow.trackingId,
            name: flow.name,
            flowSyntax: flow.flowSyntax,
            status: flow.acknowledgement.status === 'Error' ? 'Rejected' : 'Deposited',
            acknowledgement: flow.acknowledgement,
          });
        }
        return json(res, 404, { errorCode: 'NOT_FOUND', errorMessage: url.pathname });
      })().catch((err: unknown) => json(res, 500, { errorMessage: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = base;
  state.tokenUrl = `${base}/oauth/token`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
