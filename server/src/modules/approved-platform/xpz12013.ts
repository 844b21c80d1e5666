import { createHash } from 'node:crypto';
import { outboundRequest, type OutboundAnswer, type OutboundPolicy } from '../../lib/outbound.ts';
import { PlatformError, type CashedStatus, type EInvoicingPlatform, type PlatformDocument, type PlatformEvent } from './adapter.ts';

/**
 * The AFNOR XP Z12-013 interfaces (Annex A, flow service; Annex B, directory service), as far as an
 * issuer needs them (ADR 0014 says where the description came from):
 * - `POST /v1/flows` (multipart: `file` and `flowInfo`, JSON with `name`, `flowSyntax`, `processingRule`,
 *   `trackingId`, `sha256`) deposits a document and answers its `flowId`;
 * - `GET /v1/flows/{flowId}?docType=Metadata` tells whether the platform took it (`acknowledgement`);
 * - `POST /v1/flows/search` lists the lifecycle flows (CDAR) that follow it (`trackingId`), and
 *   `GET /v1/flows/{flowId}?docType=Original` gives each one's CDAR: its `ProcessConditionCode` is the
 *   status (210 Refusée, 212 Encaissée, 213 Rejetée…);
 * - a lifecycle status the issuer sends (212 Encaissée) is a CDAR deposited like a document;
 * - `GET /v1/siren/code-insee:{siren}` (directory) and `GET /v1/healthcheck`.
 * Authentication: OAuth2 client credentials at `tokenUrl`, or an API key as a bearer token.
 */
export interface XpZ12013Settings {
  url: string;
  tokenUrl: string;
  clientId: string;
  secret: string;
}

const TIMEOUT_MS = 20_000;
const CODES: Record<string, PlatformEvent['kind']> = { '210': 'refused', '212': 'paid', '213': 'rejected' };

export class XpZ12013Platform implements EInvoicingPlatform {
  private readonly settings: XpZ12013Settings;
  private readonly policy: OutboundPolicy;
  private token: { value: string; until: number } | null = null;

  constructor(settings: XpZ12013Settings, policy: OutboundPolicy) {
    this.settings = { ...settings, url: settings.url.replace(/\/+$/, '') };
    this.policy = policy;
  }

  private async bearer(fresh: boolean): Promise<string> {
    if (!this.settings.tokenUrl) return this.settings.secret;
    if (!fresh && this.token && this.token.until > Date.now()) return this.token.value;
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: this.settings.clientId, client_secret: this.settings.secret }).toString();
    const answer = await this.send(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    });
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) throw new PlatformError('credentials', `token ${answer.status}`);
    const json = parse(answer);
    if (answer.status !== 200 || typeof json?.access_token !== 'string') throw new PlatformError('garbage', `token ${answer.status}`);
    const seconds = typeof json.expires_in === 'number' ? json.expires_in : 300;
    this.token = { value: json.access_token, until: Date.now() + Math.max(0, seconds - 30) * 1000 };
    return this.token.value;
  }

  private async send(url: string, request: Parameters<typeof outboundRequest>[1]): Promise<OutboundAnswer> {
    try {
      return await outboundRequest(url, { timeoutMs: TIMEOUT_MS, maxBytes: 5 * 1024 * 1024, ...request }, this.policy);
    } catch (err) {
      throw new PlatformError('unreachable', String((err as Error).message ?? err));
    }
  }

  /** One call of the API with the bearer token; a 401 gets a fresh token and one more try. */
  private async call(method: 'GET' | 'POST', path: string, body?: { bytes: Buffer | string; type: string }): Promise<OutboundAnswer> {
    for (const fresh of [false, true]) {
      const token = await this.bearer(fresh);
      const answer = await this.send(`${this.settings.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': body.type } : {}) },
        body: body?.bytes,
      });
      if (answer.status !== 401 || !this.settings.tokenUrl || fresh) {
        if (answer.status === 401 || answer.status === 403) throw new PlatformError('credentials', `${path} ${answer.status}`);
        if (answer.status >= 500 || answer.status === 429 || answer.status === 408) throw new PlatformError('unreachable', `${path} ${answer.status}`);
        return answer;
      }
    }
    throw new PlatformError('credentials', path);
  }

  private async deposit(file: { name: string; bytes: Buffer; type: string }, info: Record<string, string>): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    form.append(
      'flowInfo',
      new Blob([JSON.stringify({ name: file.name, sha256: createHash('sha256').update(file.bytes).digest('hex'), ...info })], { type: 'application/json' }),
    );
    const encoded = new Response(form);
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const answer = await this.call('POST', '/v1/flows', { bytes, type: encoded.headers.get('content-type')! });
    const json = parse(answer);
    if (answer.status >= 400) throw new PlatformError('refused', errorOf(json) ?? `${answer.status}`);
    if (answer.status < 200 || answer.status >= 300 || typeof json?.flowId !== 'string' || !json.flowId)
      throw new PlatformError('garbage', `${answer.status} ${answer.body.toString('utf8', 0, 120)}`);
    return json.flowId;
  }

  async submit(doc: PlatformDocument): Promise<{ flowId: string }> {
    const flowId = await this.deposit(
      { name: `${doc.number}.pdf`, bytes: doc.pdf, type: 'application/pdf' },
      { flowSyntax: 'Factur-X', processingRule: 'B2B', trackingId: doc.number },
    );
    return { flowId };
  }

  async follow(flowId: string, trackingId: string, seen: string[]): Promise<{ events: PlatformEvent[]; seen: string[] }> {
    const events: PlatformEvent[] = [];
    const meta = await this.call('GET', `/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata`);
    const flow = parse(meta);
    if (meta.status !== 200 || !flow || typeof flow !== 'object') throw new PlatformError('garbage', `flow ${meta.status}`);
    const ack = flow.acknowledgement as { status?: string; details?: Array<{ reasonMessage?: string; reasonCode?: string }> } | undefined;
    if (ack?.status === 'Error' || flow.status === 'Rejected') {
      events.push({ kind: 'rejected', reason: (ack?.details ?? []).map((d) => [d.reasonCode, d.reasonMessage].filter(Boolean).join(' ')).join('; ') || null });
    }
    const search = await this.call('POST', '/v1/flows/search', {
      bytes: JSON.stringify({ limit: 100, where: { trackingId, flowType: ['CustomerInvoiceLC'] } }),
      type: 'application/json',
    });
    const found = parse(search);
    const list = (found?.results ?? found?.flows) as Array<{ flowId?: string }> | undefined;
    if (search.status !== 200 || !Array.isArray(list)) throw new PlatformError('garbage', `search ${search.status}`);
    const now = [...seen];
    for (const item of list) {
      if (typeof item.flowId !== 'string' || now.includes(item.flowId)) continue;
      const original = await this.call('GET', `/v1/flows/${encodeURIComponent(item.flowId)}?docType=Original`);
      if (original.status !== 200) throw new PlatformError('garbage', `status flow ${original.status}`);
      const xml = original.body.toString('utf8');
      const code = /<(?:\w+:)?ProcessConditionCode>\s*(\d{3})\s*</.exec(xml)?.[1];
      if (!code) throw new PlatformError('garbage', 'a status flow without ProcessConditionCode');
      const kind = CODES[code];
      const reason = /<(?:\w+:)?Reason>([^<]*)</.exec(xml)?.[1]?.trim() ?? null;
      if (kind) events.push({ kind, reason: reason ? unescape(reason) : null });
      now.push(item.flowId);
    }
    return { events, seen: now };
  }

  async sendCashed(status: CashedStatus): Promise<void> {
    await this.deposit(
      { name: `${status.number}-212.xml`, bytes: Buffer.from(cdar(status), 'utf8'), type: 'application/xml' },
      { flowSyntax: 'CDAR', processingRule: 'NotApplicable', trackingId: status.flowId },
    );
  }

  async lookup(siren: string): Promise<{ found: boolean; name: string | null }> {
    const answer = await this.call('GET', `/v1/siren/code-insee:${siren}`);
    if (answer.status === 404) return { found: false, name: null };
    const json = parse(answer);
    if (answer.status !== 200 || !json) throw new PlatformError('garbage', `directory ${answer.status}`);
    const name = json.businessName ?? json.name ?? null;
    return { found: true, name: typeof name === 'string' ? name : null };
  }

  async check(): Promise<void> {
    const answer = await this.call('GET', '/v1/healthcheck');
    if (answer.status !== 200) throw new PlatformError('garbage', `healthcheck ${answer.status}`);
  }
}

function parse(answer: OutboundAnswer): any {
  if (!String(answer.headers['content-type'] ?? '').includes('json')) return null;
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return null;
  }
}

function errorOf(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const j = json as Record<string, unknown>;
  const text = [j.errorCode, j.errorMessage ?? j.detail ?? j.message].filter((v) => typeof v === 'string' && v).join(' ');
  return text || null;
}

const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescape = (v: string) =>
  v
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const day204 = (iso: string) => iso.replace(/-/g, '');

/**
 * The "Encaissée" (212) lifecycle status of an invoice, as a CDAR (UN/CEFACT
 * CrossDomainAcknowledgementAndResponse, XP Z12-012): who says it (the seller), about which invoice
 * (number and issue date), the amount received and when.
 */
export function cdar(s: CashedStatus): string {
  const amount = (s.amountCents / 100).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${escape(s.number)}-212</ram:ID>
    <ram:TypeCode>23</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${day204(s.paidOn)}</udt:DateTimeString></ram:IssueDateTime>
    <ram:SenderTradeParty><ram:GlobalID schemeID="0002">${escape(s.seller.siren)}</ram:GlobalID><ram:Name>${escape(s.seller.name)}</ram:Name><ram:RoleCode>SE</ram:RoleCode></ram:SenderTradeParty>
    ${s.buyer.siren ? `<ram:RecipientTradeParty><ram:GlobalID schemeID="0002">${escape(s.buyer.siren)}</ram:GlobalID><ram:Name>${escape(s.buyer.name)}</ram:Name><ram:RoleCode>BY</ram:RoleCode></ram:RecipientTradeParty>` : ''}
  </rsm:ExchangedDocument>
  <rsm:AcknowledgementDocument>
    <ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>
    <ram:TypeCode>23</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${day204(s.paidOn)}</udt:DateTimeString></ram:IssueDateTime>
    <ram:ReferenceReferencedDocument>
      <ram:IssuerAssignedID>${escape(s.number)}</ram:IssuerAssignedID>
      <ram:StatusCode>47</ram:StatusCode>
      <ram:TypeCode>380</ram:TypeCode>
      <ram:FormattedIssueDateTime><udt:DateTimeString format="102">${day204(s.issueDate)}</udt:DateTimeString></ram:FormattedIssueDateTime>
      <ram:ProcessConditionCode>212</ram:ProcessConditionCode>
      <ram:ProcessCondition>Encaissée</ram:ProcessCondition>
      <ram:SpecifiedDocumentStatus><ram:SpecifiedDocumentCharacteristic><ram:TypeCode>MEN</ram:TypeCode><ram:ValueAmount currencyID="EUR">${amount}</ram:ValueAmount></ram:SpecifiedDocumentCharacteristic></ram:SpecifiedDocumentStatus>
    </ram:ReferenceReferencedDocument>
  </rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>
`;
}
