'use strict';
// The launcher and the JavaScript API end the binary they run, and reap it, however
// they are stopped (issue 46: SIGTERM to `npx wpmock` left the binary holding the
// port). Runs against a built binary:
//
//   go build -o /tmp/wpmock ./cmd/wpmock
//   WPMOCK_BINARY=/tmp/wpmock node --test cmd/wpmock/npm/wpmock/test/

const test = require('node:test');
const assert = require('node:assert');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { start } = require('..');

const launcher = path.join(__dirname, '..', 'bin', 'wpmock.js');
const binary = process.env.WPMOCK_BINARY;
const skip = binary ? false : 'set WPMOCK_BINARY to a built wpmock';
const small = ['-quiet', '-posts', '2', '-users', '2', '-terms', '2', '-media', '0'];

// free says whether nothing listens on the port any more.
function free(port) {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1');
    c.on('connect', () => { c.destroy(); resolve(false); });
    c.on('error', () => resolve(true));
  });
}

// gone says whether a pid is no process at all: not running, and reaped (a zombie
// still answers signal 0).
function gone(pid) {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return err.code === 'ESRCH';
  }
}

// within waits up to ms for check() to hold.
async function within(ms, check) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

// run starts a command whose output ends with -ready-json's line; resolves with the
// process and the mock's port once it is listening.
function run(command, args, env = {}) {
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (b) => {
      out += b;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        // a binary left running by a failure must not keep the test run waiting on
        // its output
        proc.stdout.unref();
        resolve({ proc, port: Number(new URL(JSON.parse(line).url).port) });
      }
    });
    proc.on('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready:\n${out}`)));
  });
}

const exitOf = (proc) => new Promise((resolve) => {
  if (proc.exitCode !== null || proc.signalCode !== null) resolve({ code: proc.exitCode, signal: proc.signalCode });
  else proc.once('exit', (code, signal) => resolve({ code, signal }));
});

test('stop() resolves once the binary has exited and been reaped, its port free', { skip }, async () => {
  const wp = await start({ binary, args: small });
  const port = Number(new URL(wp.url).port);
  assert.equal(await free(port), false);
  await wp.stop();
  assert.equal(wp.process.exitCode, 0, 'a graceful shutdown exits 0');
  assert.ok(gone(wp.pid), `pid ${wp.pid} is still a process (not reaped)`);
  assert.ok(await free(port), `port ${port} still answers after stop()`);
});

test('a script that started a mock and is sent SIGTERM takes its mock with it', { skip }, async () => {
  const script = `const { start } = require(${JSON.stringify(path.join(__dirname, '..'))});
    start({ binary: ${JSON.stringify(binary)}, args: ${JSON.stringify(small)} }).then((wp) => {
      console.log(JSON.stringify({ url: wp.url, pid: wp.pid }));
      setInterval(() => {}, 1000);
    });`;
  const { proc, port } = await run(process.execPath, ['-e', script]);
  proc.kill('SIGTERM');
  const { signal } = await exitOf(proc);
  assert.equal(signal, 'SIGTERM', 'the script dies of the signal, as it would without a mock');
  assert.ok(await free(port), `port ${port} still answers after the script ended`);
});

test('the launcher passes SIGTERM on and exits with the binary\'s status, its port free', { skip }, async () => {
  const { proc, port } = await run(process.execPath, [launcher, '-addr', '127.0.0.1:0', '-ready-json', ...small],
    { WPMOCK_BINARY: binary });
  proc.kill('SIGTERM');
  const { code } = await exitOf(proc);
  assert.equal(code, 0, 'wpmock exits 0 after a graceful shutdown, and so does the launcher');
  assert.ok(await free(port), `port ${port} still answers after the launcher exited`);
});

// npm exec, npx and npm run run the launcher as `sh -c 'wpmock ...'`; a SIGTERM to npm
// reaches that shell only, which dies of it without passing it on
test('under npm, the launcher whose shell was killed stops the binary', { skip }, async () => {
  const { proc, port } = await run('sh', ['-c', `"${process.execPath}" "${launcher}" "$@"; :`, 'sh', '-addr', '127.0.0.1:0', '-ready-json', ...small],
    { WPMOCK_BINARY: binary, npm_command: 'exec' });
  proc.kill('SIGTERM');
  await exitOf(proc);
  assert.ok(await within(3000, () => free(port)), `port ${port} still answers 3 s after npm's shell was killed`);
});
