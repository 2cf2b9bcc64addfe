// `npm run test:deploy`: the deployment of docs/deploy.md started on this machine (apps/api/deploy/).
// Builds the API server (the units run apps/api/dist/main.js), makes the TLS certificate with the command
// docs/deploy.md gives, and runs the test with that certificate trusted (NODE_EXTRA_CA_CERTS).
// Needs nginx (`apt-get install -y nginx`), Mosquitto and PostgreSQL on 127.0.0.1:5432; fails without them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pnpm } from './pnpm.mjs';

for (const [command, install] of [
  ['nginx', 'nginx'],
  ['mosquitto', 'mosquitto'],
  ['openssl', 'openssl'],
]) {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
    console.error(`test:deploy: ${command} is not installed (apt-get install -y ${install})`);
    process.exit(1);
  }
}
if (pnpm(['--filter', '@matnat/api', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0)
  process.exit(1);

const tls = mkdtempSync(join(tmpdir(), 'matnat-deploy-tls-'));
// docs/deploy.md, "TLS": a certificate of our own for the host name and 127.0.0.1.
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '365',
    '-keyout',
    join(tls, 'key.pem'),
    '-out',
    join(tls, 'cert.pem'),
    '-subj',
    '/CN=matnat.example.se',
    '-addext',
    'subjectAltName=DNS:matnat.example.se,IP:127.0.0.1',
  ],
  { stdio: 'ignore' },
);
const status = pnpm(['exec', 'vitest', 'run', '-c', 'apps/api/vitest.deploy.config.ts'], {
  env: { ...process.env, NODE_EXTRA_CA_CERTS: join(tls, 'cert.pem'), MATNAT_DEPLOY_TLS: tls },
});
rmSync(tls, { recursive: true, force: true });
process.exit(status);
