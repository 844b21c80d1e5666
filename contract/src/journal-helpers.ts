export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lowercase letters, numbers and hyphens, from any title (accents folded). */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/g, '') || 'article'
  );
}

export type ContentBlock =
  { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string } | { type: 'quote'; text: string } | { type: 'paragraph'; text: string };

const QUOTE_PAIRS: Array<[string, string]> = [
  ['"', '"'],
  ['“', '”'],
  ['«', '»'],
  ['„', '“'],
  ['‘', '’'],
  ["'", "'"],
];

/**
 * §2 post content, line by line: 1 to 6 `#` make a heading of that level (7 are
 * text); a line fully wrapped in quotation marks (straight or typographic) is a
 * quote; other consecutive lines form one paragraph; blank lines separate.
 * Returns plain data: the page renders it as text, never as HTML.
 */
export function parseContent(content: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})(?!#)\s*(.*)$/.exec(line);
    if (heading) {
      flush();
      const text = heading[2]!.trim();
      if (text) blocks.push({ type: 'heading', level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, text });
      continue;
    }
    const pair = QUOTE_PAIRS.find(([open, close]) => line.length > open.length + close.length && line.startsWith(open) && line.endsWith(close));
    if (pair) {
      flush();
      blocks.push({ type: 'quote', text: line.slice(pair[0].length, line.length - pair[1].length).trim() });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}
