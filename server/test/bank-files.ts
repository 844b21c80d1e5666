// Bank statements as banks write them (camt.053.001.02 and .001.08, and a CSV), for the tests, the bench
// and the e2e server: each entry a booked credit or debit with its own reference.

export interface CamtEntry {
  ref?: string;
  date: string;
  amount: number;
  credit: boolean;
  payer?: string;
  iban?: string;
  text?: string;
  endToEnd?: string;
  /** A returned direct debit's reason (AC04, MD06…). */
  returnCode?: string;
  currency?: string;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function camtStatement(p: { version?: '02' | '08'; id: string; iban?: string; entries: CamtEntry[] }): string {
  const v = p.version ?? '02';
  const iban = p.iban ?? 'FR7630006000011234567890189';
  const dates = p.entries.map((e) => e.date).sort();
  const from = dates[0] ?? '2026-12-01';
  const to = dates.at(-1) ?? from;
  const party = (role: 'Dbtr' | 'Cdtr', name: string) =>
    v === '08' ? `<${role}><Pty><Nm>${esc(name)}</Nm></Pty></${role}>` : `<${role}><Nm>${esc(name)}</Nm></${role}>`;
  const entries = p.entries
    .map((e) => {
      const role = e.credit ? 'Dbtr' : 'Cdtr';
      const parties =
        e.payer || e.iban
          ? `<RltdPties>${e.payer ? party(role, e.payer) : ''}${e.iban ? `<${role}Acct><Id><IBAN>${e.iban}</IBAN></Id></${role}Acct>` : ''}</RltdPties>`
          : '';
      const refs = e.endToEnd ? `<Refs><EndToEndId>${esc(e.endToEnd)}</EndToEndId></Refs>` : '';
      const txAmount = v === '08' ? `<Amt Ccy="${e.currency ?? 'EUR'}">${e.amount.toFixed(2)}</Amt><CdtDbtInd>${e.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>` : '';
      const remittance = e.text ? `<RmtInf><Ustrd>${esc(e.text)}</Ustrd></RmtInf>` : '';
      const back = e.returnCode ? `<RtrInf><Rsn><Cd>${e.returnCode}</Cd></Rsn></RtrInf>` : '';
      return `      <Ntry>
        <Amt Ccy="${e.currency ?? 'EUR'}">${e.amount.toFixed(2)}</Amt>
        <CdtDbtInd>${e.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>${v === '08' ? '<Cd>BOOK</Cd>' : 'BOOK'}</Sts>
        <BookgDt><Dt>${e.date}</Dt></BookgDt>
        <ValDt><Dt>${e.date}</Dt></ValDt>
        ${e.ref ? `<AcctSvcrRef>${esc(e.ref)}</AcctSvcrRef>` : ''}
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${e.credit ? 'RCDT' : 'IDDT'}</Cd><SubFmlyCd>${e.returnCode ? 'UPDD' : 'ESCT'}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>${refs}${txAmount}${parties}${remittance}${back}</TxDtls></NtryDtls>
      </Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${esc(p.id)}-MSG</MsgId><CreDtTm>${to}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${esc(p.id)}</Id>
      <CreDtTm>${to}T18:00:00</CreDtTm>
      <FrToDt><FrDtTm>${from}T00:00:00</FrDtTm><ToDtTm>${to}T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${from}</Dt></Dt></Bal>
${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** A French bank's CSV export: "Date;Libellé;Montant;Émetteur;IBAN;Référence", days as 31/12/2026, amounts as 1 234,56. */
export function bankCsv(entries: CamtEntry[]): string {
  const rows = entries.map((e) => {
    const [y, m, d] = e.date.split('-');
    const amount = `${e.credit ? '' : '-'}${e.amount.toFixed(2).replace('.', ',')}`;
    return [`${d}/${m}/${y}`, e.text ?? '', amount, e.payer ?? '', e.iban ?? '', e.ref ?? ''].join(';');
  });
  return ['Date;Libellé;Montant;Émetteur;IBAN;Référence', ...rows].join('\r\n') + '\r\n';
}

/** The columns of that CSV, as the owner chooses them once. */
export const BANK_CSV_COLUMNS = {
  date: 'Date',
  amount: 'Montant',
  payer: 'Émetteur',
  iban: 'IBAN',
  text: 'Libellé',
  reference: 'Référence',
  dateFormat: 'dmy' as const,
};
