'use strict';
// The JavaScript API of the wpmock package: start a mock for a test run and stop it.
//
//   const { start } = require('wpmock');
//   const wp = await start({ seed: 7, wpVersion: '6.8' });
//   await fetch(`${wp.restUrl}wp/v2/posts`, { headers: { Authorization: wp.authorization } });
//   await wp.stop();
//
// start() runs the binary on a port the system picks (-addr 127.0.0.1:0) with
// -ready-json, and resolves once the binary has printed that JSON line, which it does
// after it is listening: the URL and the credentials come from the mock itself.

const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { binaryPath } = require('./lib/binary');

// Options that configure start() itself; every other option is a wpmock flag.
const own = new Set(['args', 'env', 'cwd', 'binary', 'timeout', 'log']);

// Mocks started and not yet exited: stopped when Node exits, so a test run that ends
// without stop() (a crash, a runner that skips its teardown) leaves no mock behind.
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill();
});

// flagArgs turns options into flags: wpVersion: '6.8' is -wp-version=6.8,
// quiet: false is -quiet=false, an array repeats its flag.
function flagArgs(options) {
  const args = [];
  for (const [key, value] of Object.entries(options)) {
    if (own.has(key) || value === undefined || value === null) continue;
    const flag = '-' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    for (const v of Array.isArray(value) ? value : [value]) {
      args.push(`${flag}=${v}`);
    }
  }
  return args;
}

function start(options = {}) {
  const { args = [], env, cwd, timeout = 30000, log = false } = options;
  const file = options.binary || binaryPath();
  const argv = [...flagArgs({ addr: '127.0.0.1:0', quiet: true, ...options }), ...args, '-ready-json'];
  const child = spawn(file, argv, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  running.add(child);
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
    child.on('error', () => {
      running.delete(child);
      resolve({ code: null, signal: null });
    });
  });

  // The output is always read, so the mock never blocks on a full pipe; after start
  // it goes where `log` says. Before, it is kept to explain a failed start.
  let ready = false;
  const early = [];
  const onLine = (line) => {
    if (!ready) {
      early.push(line);
      if (early.length > 200) early.shift();
    } else if (typeof log === 'function') {
      log(line);
    } else if (log) {
      process.stderr.write(line + '\n');
    }
  };
  readline.createInterface({ input: child.stderr }).on('line', onLine);

  let stopping;
  const stop = () => {
    if (!stopping) {
      // SIGTERM: the mock shuts down gracefully (and -persist writes its last change);
      // one that has not ended in 10 s is killed
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10000);
      stopping = exited.then(() => clearTimeout(force));
    }
    return stopping;
  };

  return new Promise((resolve, reject) => {
    const fail = (message) => {
      clearTimeout(timer);
      stop();
      const output = early.length ? `:\n${early.join('\n')}` : '';
      reject(new Error(`wpmock: ${message} (${file} ${argv.join(' ')})${output}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${timeout} ms`), timeout);
    child.on('error', (err) => fail(`cannot run the binary: ${err.message}`));
    exited.then(({ code, signal }) => {
      if (!ready) fail(`exited (${signal || 'status ' + code}) before it was ready`);
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (!ready && line.startsWith('{')) {
        let info;
        try {
          info = JSON.parse(line);
        } catch {
          // not the ready line
        }
        if (info && info.url) {
          ready = true;
          clearTimeout(timer);
          resolve({
            url: info.url,
            restUrl: info.rest,
            wpVersion: info.wordpress,
            auth: info.auth,
            user: info.user,
            password: info.password,
            authorization: 'Basic ' + Buffer.from(`${info.user}:${info.password}`).toString('base64'),
            users: info.users,
            pid: child.pid,
            process: child,
            stop,
          });
          return;
        }
      }
      onLine(line);
    });
  });
}

module.exports = { start, binaryPath };
