// A collection as the pain.008.001.02 file the owner uploads to her bank (SEPA Direct Debit CORE, issue 59):
// one payment information block per sequence type (FRST, RCUR, OOFF), one transaction per invoice.

export interface PainCreditor {
  name: string;
  iban: string;
  bic: string;
  creditorId: string;
}

export interface PainDebit {
  endToEnd: string;
  cents: number;
  sequence: 'FRST' | 'RCUR' | 'OOFF';
  rum: string;
  signedOn: string;
  bic: string;
  debtor: string;
  iban: string;
  remittance: string;
}

/** SEPA's Latin subset: what a bank takes in a name or a remittance (accents dropped, others as spaces). */
export function sepaText(value: string, max: number): string {
  const plain = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (plain || '-').slice(0, max);
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amount = (cents: number) => (cents / 100).toFixed(2);

export function painXml(p: { messageId: string; createdAt: string; collectOn: string; creditor: PainCreditor; debits: PainDebit[] }): string {
  const total = p.debits.reduce((s, d) => s + d.cents, 0);
  const groups = (['FRST', 'RCUR', 'OOFF'] as const).map((seq) => [seq, p.debits.filter((d) => d.sequence === seq)] as const).filter(([, list]) => list.length);
  const c = p.creditor;
  const blocks = groups.map(([seq, list]) => {
    const sum = list.reduce((s, d) => s + d.cents, 0);
    const txs = list
      .map(
        (d) => `      <DrctDbtTxInf>
        <PmtId><EndToEndId>${esc(d.endToEnd)}</EndToEndId></PmtId>
        <InstdAmt Ccy="EUR">${amount(d.cents)}</InstdAmt>
        <DrctDbtTx><MndtRltdInf><MndtId>${esc(d.rum)}</MndtId><DtOfSgntr>${d.signedOn}</DtOfSgntr></MndtRltdInf></DrctDbtTx>
        <DbtrAgt><FinInstnId><BIC>${esc(d.bic)}</BIC></FinInstnId></DbtrAgt>
        <Dbtr><Nm>${esc(sepaText(d.debtor, 70))}</Nm></Dbtr>
        <DbtrAcct><Id><IBAN>${esc(d.iban)}</IBAN></Id></DbtrAcct>
        <RmtInf><Ustrd>${esc(sepaText(d.remittance, 140))}</Ustrd></RmtInf>
      </DrctDbtTxInf>`,
      )
      .join('\n');
    return `    <PmtInf>
      <PmtInfId>${esc(`${p.messageId}-${seq}`)}</PmtInfId>
      <PmtMtd>DD</PmtMtd>
      <BtchBookg>true</BtchBookg>
      <NbOfTxs>${list.length}</NbOfTxs>
      <CtrlSum>${amount(sum)}</CtrlSum>
      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>${seq}</SeqTp></PmtTpInf>
      <ReqdColltnDt>${p.collectOn}</ReqdColltnDt>
      <Cdtr><Nm>${esc(sepaText(c.name, 70))}</Nm></Cdtr>
      <CdtrAcct><Id><IBAN>${esc(c.iban)}</IBAN></Id></CdtrAcct>
      <CdtrAgt><FinInstnId><BIC>${esc(c.bic)}</BIC></FinInstnId></CdtrAgt>
      <ChrgBr>SLEV</ChrgBr>
      <CdtrSchmeId><Id><PrvtId><Othr><Id>${esc(c.creditorId)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>
${txs}
    </PmtInf>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrDrctDbtInitn>
    <GrpHdr>
      <MsgId>${esc(p.messageId)}</MsgId>
      <CreDtTm>${p.createdAt.slice(0, 19)}</CreDtTm>
      <NbOfTxs>${p.debits.length}</NbOfTxs>
      <CtrlSum>${amount(total)}</CtrlSum>
      <InitgPty><Nm>${esc(sepaText(c.name, 70))}</Nm></InitgPty>
    </GrpHdr>
${blocks.join('\n')}
  </CstmrDrctDbtInitn>
</Document>
`;
}
