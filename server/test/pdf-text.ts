import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's text (its pages joined by a newline), its attached files and its XMP metadata, as a reader finds them. */
export async function pdfText(
  bytes: Buffer,
): Promise<{ text: string; attachments: Record<string, { content: Uint8Array; description: string }>; xmp: string }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1)
    parts.push((await (await doc.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  const listed = ((await doc.getAttachments()) ?? new Map()) as Map<string, { filename: string; description: string }>;
  const attachments: Record<string, { content: Uint8Array; description: string }> = {};
  for (const [id, file] of listed)
    attachments[file.filename] = {
      content: await (doc as unknown as { getAttachmentContent(id: string): Promise<Uint8Array> }).getAttachmentContent(id),
      description: file.description,
    };
  const meta = await doc.getMetadata();
  const xmp = (meta.metadata as unknown as { getRaw(): string } | null)?.getRaw() ?? '';
  await task.destroy();
  return { text: parts.join('\n'), attachments, xmp };
}
