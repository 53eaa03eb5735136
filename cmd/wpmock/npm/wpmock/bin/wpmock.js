#!/usr/bin/env node
'use strict';
// The wpmock command of the npm package: runs the platform's binary with the same
// arguments, standard streams and exit status. Node cannot replace itself with the
// binary (no exec), so it waits for it and passes the signals a terminal, a test
// runner or a process manager sends on to it, so that the mock shuts down gracefully
// (and -persist writes its last change) instead of being left running; it exits once
// the binary has exited and been reaped, with its status, so the port is free by then.

const { spawn } = require('node:child_process');
const { binaryPath } = require('../lib/binary');

let file;
try {
  file = binaryPath();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const child = spawn(file, process.argv.slice(2), { stdio: 'inherit', windowsHide: true });
const signals = process.platform === 'win32' ? ['SIGINT', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of signals) {
  process.on(signal, () => forward(signal));
}

// npm (npx, npm exec, npm run) runs this script through `sh -c`, and passes a SIGTERM
// sent to its own pid on to that shell only, which dies of it without passing it on:
// npm then exits, and the mock would be left holding its port. Under npm, the shell
// gone (this process handed to another parent) is that SIGTERM.
if (process.env.npm_command && process.platform !== 'win32') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) forward('SIGTERM');
  }, 100).unref();
}

child.on('error', (err) => {
  console.error(`wpmock: cannot run ${file}: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // die of the same signal, so that whoever started us sees how the mock ended
    for (const s of signals) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
