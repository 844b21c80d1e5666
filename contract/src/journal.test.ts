import { describe, expect, it } from 'vitest';
import { parseContent, slugify } from './journal.ts';

describe('post content (§2)', () => {
  it('makes headings of levels 1 to 6 from the number of #', () => {
    const blocks = parseContent(['# One', '## Two', '### Three', '#### Four', '##### Five', '###### Six'].join('\n'));
    expect(blocks).toEqual([1, 2, 3, 4, 5, 6].map((level, i) => ({ type: 'heading', level, text: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'][i] })));
  });

  it('keeps seven # as text', () => {
    expect(parseContent('####### Seven')).toEqual([{ type: 'paragraph', text: '####### Seven' }]);
  });

  it('makes a quote of a line fully wrapped in straight or typographic quotation marks', () => {
    expect(parseContent('"Straight"\n“Curly”\n« Guillemets »')).toEqual([
      { type: 'quote', text: 'Straight' },
      { type: 'quote', text: 'Curly' },
      { type: 'quote', text: 'Guillemets' },
    ]);
    expect(parseContent('"Only opened')).toEqual([{ type: 'paragraph', text: '"Only opened' }]);
    expect(parseContent('He said "hi" there')).toEqual([{ type: 'paragraph', text: 'He said "hi" there' }]);
  });

  it('joins consecutive lines into one paragraph; blank lines separate paragraphs', () => {
    expect(parseContent('one\ntwo\n\nthree\r\nfour')).toEqual([
      { type: 'paragraph', text: 'one\ntwo' },
      { type: 'paragraph', text: 'three\nfour' },
    ]);
    expect(parseContent('text\n## Title\nmore')).toEqual([
      { type: 'paragraph', text: 'text' },
      { type: 'heading', level: 2, text: 'Title' },
      { type: 'paragraph', text: 'more' },
    ]);
  });

  it('keeps markup as plain text data', () => {
    expect(parseContent('<script>alert(1)</script>\n<img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', text: '<script>alert(1)</script>\n<img src=x onerror=alert(1)>' },
    ]);
  });
});

describe('slugs', () => {
  it('are lowercase letters, numbers and hyphens from the title', () => {
    expect(slugify('Été à l’atelier : 3 leçons!')).toBe('ete-a-latelier-3-lecons');
    expect(slugify('   ')).toBe('article');
    expect(slugify('<script>')).toBe('script');
  });
});
