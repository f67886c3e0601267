// Starts the whole cabinet on one port: builds what is missing, then runs the server (API + worker + SPA).
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const outputs = ['packages/contract/dist/constants.js', 'apps/web/dist/index.html', 'apps/server/dist/main.js'];
if (process.env.FORCE_BUILD === '1' || outputs.some((file) => !existsSync(file))) {
  console.log('Building the cabinet (first start)…');
  execSync('npm run build', { stdio: 'inherit' });
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
