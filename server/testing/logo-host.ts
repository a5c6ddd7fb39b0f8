import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

// A fake image host at the HTTP edge: https on 127.0.0.1 with a throwaway self-signed certificate
// (made by openssl for this run) that this process's default https agent is told to trust.

function throwawayCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'logo-host-'));
  try {
    const made = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr || made.error?.message}`);
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type LogoHost = { origin: string; hits: (path: string) => number; close: () => Promise<void> };

/** Serves `routes` (by path); every request is counted, answered or not. */
export async function startLogoHost(routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>): Promise<LogoHost> {
  const { key, cert } = throwawayCertificate();
  https.globalAgent.options.ca = cert;
  const counts = new Map<string, number>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
