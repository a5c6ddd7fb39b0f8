import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

// A clone must answer its reader's questions by itself: every relative link of the README and
// the docs resolves to a file of the repository (and to a heading of it, when it names one).

const root = process.cwd();
const pages = ['README.md', ...readdirSync('docs', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

const withoutFences = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
/** Markdown outside fenced blocks and inline code, where a link is really a link. */
const prose = (text: string) => withoutFences(text).replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) => heading.replace(/`/g, '').toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
const anchorsOf = (file: string) =>
  new Set(withoutFences(readFileSync(file, 'utf8')).split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))));

function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(readFileSync(page, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue; // http(s) and mailto: not files of the repository
    const [path, anchor] = target.split('#');
    const file = path ? resolve(dirname(page), decodeURIComponent(path)) : resolve(page);
    if (relative(root, file).startsWith('..')) broken.push(`${target} (outside the repository)`);
    else if (!existsSync(file)) broken.push(`${target} (no such file)`);
    else if (anchor && statSync(file).isFile() && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken;
}

it('resolves every relative link of README.md and docs/ inside the repository', () => {
  expect(pages.length).toBeGreaterThan(10);
  expect(Object.fromEntries(pages.map((p) => [p, brokenLinks(p)]).filter(([, b]) => b.length))).toEqual({});
});

it('points nowhere outside the repository from the README, and indexes every page', () => {
  expect(readFileSync('README.md', 'utf8')).not.toMatch(/\.\.\/shared|\]\(\.\.\//);
  const index = readFileSync('docs/README.md', 'utf8');
  for (const page of pages.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md')) {
    expect(index, `${page} is missing from docs/README.md`).toContain(`](${relative('docs', page)})`);
  }
});
