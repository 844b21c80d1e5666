import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 44: the README a newcomer reads in ten minutes, and docs/ for the rest; every link between
// them (a file, a picture, a heading) leads somewhere.
const root = path.resolve(import.meta.dirname, '../..');
const markdown = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdown(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
const FILES = ['README.md', ...markdown('docs')];

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let code = false;
  for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) code = !code;
    const heading = !code && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

/** Every link and picture of a file outside its code blocks, with its line. */
function links(file: string): Array<{ target: string; line: number }> {
  const found: Array<{ target: string; line: number }> = [];
  let code = false;
  fs.readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (text.startsWith('```')) code = !code;
      if (code) return;
      for (const m of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) found.push({ target: m[1]!, line: i + 1 });
    });
  return found;
}

describe('the documentation (issue 44)', () => {
  it('the README is one a newcomer reads in ten minutes: 300 lines at most, with the two commands and where the rest is', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    for (const doc of ['docs/owner-guide.md', 'docs/guide-proprietaire.md', 'docs/operator-guide.md', 'docs/api.md', 'docs/ARCHITECTURE.md'])
      expect(readme).toContain(`(${doc})`);
  });

  it('every link between the README and docs/ leads to a file, a picture or a heading that exists', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of FILES) {
      for (const { target, line } of links(file)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        checked += 1;
        const [where, anchor] = target.split('#') as [string, string | undefined];
        const resolved = where ? path.normalize(path.join(path.dirname(file), decodeURIComponent(where))) : file;
        if (resolved.startsWith('..') || !fs.existsSync(path.join(root, resolved))) {
          broken.push(`${file}:${line} → ${target} (no such file)`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) broken.push(`${file}:${line} → ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('the owner’s guide exists in French and English, each with the back-office’s pictures in its language', () => {
    for (const [file, lang] of [
      ['docs/owner-guide.md', 'en'],
      ['docs/guide-proprietaire.md', 'fr'],
    ] as const) {
      const pictures = links(file).filter((l) => /\.(png|webp)$/.test(l.target));
      expect(pictures.length, file).toBeGreaterThanOrEqual(5);
      expect(
        pictures.every((p) => p.target.includes(`-${lang}.`)),
        file,
      ).toBe(true);
    }
  });

  it('every decision record has a date and a status; one superseded or amended names the record that did it (issue 56)', () => {
    const dir = path.join(root, 'docs/decisions');
    const records = fs.readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f));
    expect(records.length).toBeGreaterThanOrEqual(26);
    const problems: string[] = [];
    for (const file of records) {
      const [title = '', , status = ''] = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
      if (!/^# \d{4} — .+ \(\d{4}-\d{2}-\d{2}\)$/.test(title)) problems.push(`${file}: no date in its title`);
      if (!/^\*\*Status: (proposed|accepted|superseded|deprecated)/.test(status)) problems.push(`${file}: no status under its title`);
      for (const word of ['superseded by', 'amended by']) {
        if (status.includes(word) && !new RegExp(`${word}\\W*\\[\\d{4}\\]\\(\\d{4}-`).test(status)) problems.push(`${file}: ${word} names no record`);
      }
    }
    expect(problems).toEqual([]);
  });
});
