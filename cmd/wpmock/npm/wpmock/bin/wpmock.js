#!/usr/bin/env node
'use strict';
// The wpmock command of the npm package: runs the platform's binary with the same
// arguments, standard streams and exit status. Node cannot replace itself with the
// binary (no exec), so it waits for it and passes the signals a terminal, a test
// runner or a process manager sends on to it, so that the mock shuts down gracefully
// (and -persist writes its last change) instead of being left running.

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
for (const signal of signals) {
  process.on(signal, () => child.kill(signal));
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
