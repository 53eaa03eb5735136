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
//
// One mock serves a site per test worker too: wp.site('w1') is the site under
// /sites/w1/, made by the mock on its first request from the same dataset, with its
// own content, reset() and snapshots (docs/mock.md, "A site per test worker").
// connect({ url, authorization }) is the same handle, but for stop(), in a test worker
// whose mock a global set-up started in another process.

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

// A signal that ends this process (Ctrl-C on a script that calls start(), a SIGTERM
// from CI) skips the 'exit' event: while mocks run, it is passed on to them, and when
// nothing else handles it, this process waits for them to exit (reaped, their ports
// free) and then dies of the same signal, as it would have.
const deadly = process.platform === 'win32' ? ['SIGINT', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
function onDeadly(signal) {
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  if (process.listenerCount(signal) > 1) return; // another handler decides what happens
  const gone = children.map((child) => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', resolve);
  }));
  const force = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), 10000);
  Promise.all(gone).then(() => {
    clearTimeout(force);
    for (const s of deadly) process.removeListener(s, onDeadly);
    process.kill(process.pid, signal);
  });
}
function track(child) {
  if (running.size === 0) for (const s of deadly) process.on(s, onDeadly);
  running.add(child);
}
function untrack(child) {
  if (running.delete(child) && running.size === 0) for (const s of deadly) process.removeListener(s, onDeadly);
}

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

// siteName is what the mock accepts as a site's name (mock/sites.go).
const siteName = /^[A-Za-z0-9_-]{1,64}$/;

// controls are the wpmock/v1 routes of one site (base: its URL, /sites/<name> for a
// named one), called with the admin's credentials. A refusal rejects with an Error
// carrying WordPress's code and the HTTP status.
function controls(base, authorization) {
  const call = async (method, route, body) => {
    const headers = {};
    if (authorization) headers.Authorization = authorization;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}/wp-json/wpmock/v1/${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) {
      const err = new Error(`wpmock: ${method} ${base}/wp-json/wpmock/v1/${route}: ${res.status} ${data?.code ?? ''} ${data?.message ?? ''}`.trim());
      err.status = res.status;
      err.code = data?.code;
      throw err;
    }
    return data;
  };
  const snap = (name) => `snapshots/${encodeURIComponent(name)}`;
  return {
    reset: () => call('POST', 'reset'),
    snapshot: (name) => call('POST', 'snapshots', { name }),
    restore: (name) => call('POST', `${snap(name)}/restore`),
    snapshots: () => call('GET', 'snapshots'),
    deleteSnapshot: (name) => call('DELETE', snap(name)).then(() => undefined),
    call,
  };
}

// connect is a handle on a mock running elsewhere (started by a global set-up in
// another process, or by hand): its control routes and its named sites. url is where
// it listens; restUrl, its REST root as links show it (-url), defaults to url's.
function connect({ url, restUrl, authorization } = {}) {
  if (typeof url !== 'string' || !url) throw new TypeError('wpmock: connect() needs the url the mock listens on');
  url = url.replace(/\/+$/, '');
  restUrl = restUrl || `${url}/wp-json/`;
  // the control routes are called at the address the mock listens on; links follow -url
  const { call, ...own } = controls(url, authorization);
  const linked = restUrl.replace(/\/wp-json\/?$/, '');
  const site = (name) => {
    if (typeof name !== 'string' || !siteName.test(name)) {
      throw new TypeError(`wpmock: a site name is 1 to 64 letters, digits, hyphens and underscores, not ${JSON.stringify(name)}`);
    }
    const path = `/sites/${name}`;
    const { call: _, ...ctl } = controls(url + path, authorization);
    return {
      name,
      url: linked + path,
      restUrl: `${linked}${path}/wp-json/`,
      authorization,
      ...ctl,
      remove: () => call('DELETE', `sites/${name}`).then(() => undefined, (err) => {
        if (err.code !== 'wpmock_site_not_found') throw err;
      }),
    };
  };
  return { url, restUrl, authorization, ...own, site, sites: () => call('GET', 'sites') };
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
  track(child);
  // 'exit' comes once the child is reaped: stop() resolves with its port free
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      untrack(child);
      resolve({ code, signal });
    });
    child.on('error', () => {
      untrack(child);
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
            ...connect({
              url: info.url,
              restUrl: info.rest,
              authorization: 'Basic ' + Buffer.from(`${info.user}:${info.password}`).toString('base64'),
            }),
            wpVersion: info.wordpress,
            dashboardUrl: info.dashboard,
            auth: info.auth,
            user: info.user,
            password: info.password,
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

module.exports = { start, connect, binaryPath };
