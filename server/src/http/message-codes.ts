import * as contract from '@atelier/contract';

let codes: Map<string, string> | null = null;

/**
 * The stable code of one of the API's own sentences (issue 56): its list and key, `terms.discountInvalid`
 * for `TERMS_MESSAGES.discountInvalid`, `api.notFound` for `API_ERRORS.notFound`. Built on first use from
 * every list the contract exports, so a new list has codes the day it is written.
 */
export function messageCode(message: string): string | undefined {
  if (!codes) {
    codes = new Map();
    for (const [name, list] of Object.entries(contract as Record<string, unknown>)) {
      const area = name === 'API_ERRORS' ? 'api' : name.endsWith('_MESSAGES') ? name.slice(0, -'_MESSAGES'.length) : null;
      if (area === null || typeof list !== 'object' || list === null) continue;
      const prefix = area.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      for (const [key, sentence] of Object.entries(list as Record<string, unknown>))
        if (typeof sentence === 'string' && !codes.has(sentence)) codes.set(sentence, `${prefix}.${key}`);
    }
  }
  return codes.get(message);
}
