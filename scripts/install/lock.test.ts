import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// `npm install` on a fresh clone must leave the committed lock as it is (a rewritten lock is a
// dirty tree and a review nobody asked for). npm writes what it derives from package.json into
// the lock's root entry; each such field must already be there, as npm would write it.
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const root = lock.packages[''];

it('the lock root says what npm install would write for package.json', () => {
  const installScripts = ['preinstall', 'install', 'postinstall'].some((s) => pkg.scripts?.[s]);
  expect(root.hasInstallScript ?? false).toBe(installScripts);
  expect(root.name).toBe(pkg.name);
  expect(root.version).toBe(pkg.version);
  expect(root.dependencies).toEqual(pkg.dependencies);
  expect(root.devDependencies).toEqual(pkg.devDependencies);
  expect(root.engines).toEqual(pkg.engines);
});
