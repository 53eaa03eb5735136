// One mock and one Next.js server for the run. The mock posts every change to the
// app's /api/revalidate (signed); the app runs `next start` with WPMOCK_URL, so its
// instrumentation hook forwards each request's site (wpmock/next). The mock's URL
// and the administrator's credentials reach the workers through the environment.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { start } from 'wpmock';

const here = path.dirname(new URL(import.meta.url).pathname);
const secret = 's3cret';

// freePort is a port nobody listens on now: the app's, known before the mock starts
// since the mock's -webhook names it.
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

// until polls url until it answers 200, or gives up after ms.
async function until(url, ms, exited) {
  const end = Date.now() + ms;
  for (;;) {
    if (exited()) throw new Error(`next start exited before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export default async function globalSetup() {
  const port = await freePort();
  const app = `http://127.0.0.1:${port}`;
  const wp = await start({ seed: 7, binary: process.env.WPMOCK_BINARY, webhook: `${app}/api/revalidate`, webhookSecret: secret });
  const env = { ...process.env, WPMOCK_URL: wp.url, WPMOCK_AUTHORIZATION: wp.authorization, WPMOCK_WEBHOOK_SECRET: secret, NEXT_TELEMETRY_DISABLED: '1' };
  // its own process group, so that teardown ends next start and whatever it started
  const next = spawn(process.execPath, [path.join(here, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)],
    { cwd: here, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  let exited = false;
  next.on('exit', () => { exited = true; });
  const stop = async () => {
    if (!exited) process.kill(-next.pid, 'SIGTERM');
    await wp.stop();
  };
  try {
    await until(`${app}/api/revalidate/`, 60_000, () => exited);
  } catch (err) {
    await stop();
    throw err;
  }
  Object.assign(process.env, { WPMOCK_URL: wp.url, WPMOCK_AUTHORIZATION: wp.authorization, APP_URL: app });
  console.log(`global set-up: wpmock ${wp.url} (WordPress ${wp.wpVersion}, pid ${wp.pid}), next start ${app} (pid ${next.pid}), webhooks to ${app}/api/revalidate`);
  return stop;
}
