import { SHOWROOM_MESSAGES, SIGNATURE_MAX_BYTES } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { loadSharp } from '../media/images.ts';

/** A signature drawn on a tablet is a few hundred pixels a side: anything bigger is not one. */
const SIGNATURE_MAX_PIXELS = 4_000_000;

const MAGIC = { png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg: Buffer.from([0xff, 0xd8, 0xff]) };

/**
 * The signature's bytes, not its label (issue 46): a PNG or JPEG of the size allowed that decodes as the
 * image it says it is, else 422. An HTML page sent as `data:image/png;base64,…` is not stored.
 */
export async function checkSignature(dataUrl: string): Promise<void> {
  const match = /^data:image\/(png|jpeg);base64,(.*)$/s.exec(dataUrl);
  const kind = match?.[1] as 'png' | 'jpeg' | undefined;
  const bytes = match ? Buffer.from(match[2]!, 'base64') : Buffer.alloc(0);
  const refuse = () => new HttpError(422, SHOWROOM_MESSAGES.signatureInvalid);
  if (!kind || bytes.length === 0 || bytes.length > SIGNATURE_MAX_BYTES || !bytes.subarray(0, MAGIC[kind].length).equals(MAGIC[kind])) throw refuse();
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: SIGNATURE_MAX_PIXELS })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== kind || !meta.width || !meta.height) throw refuse();
}
