'use strict';
// Finds the wpmock binary: npm installs the one platform package of the optional
// dependencies whose "os" and "cpu" match the machine, and the binary is in its bin/.
// The same scheme as esbuild's and Biome's npm packages, so no install script runs
// and nothing is downloaded outside npm.

const fs = require('node:fs');
const { version } = require('../package.json');

// Node's process.platform and process.arch to the package holding the binary; each
// is built by cmd/wpmock/npm/pack.sh with GOOS/GOARCH linux, darwin or windows on
// amd64 or arm64.
const packages = {
  'linux x64': '@wpmock/linux-x64',
  'linux arm64': '@wpmock/linux-arm64',
  'darwin x64': '@wpmock/darwin-x64',
  'darwin arm64': '@wpmock/darwin-arm64',
  'win32 x64': '@wpmock/win32-x64',
  'win32 arm64': '@wpmock/win32-arm64',
};

// binaryPath is the binary to run: $WPMOCK_BINARY when set (a local go build, or a
// platform npm does not ship), else the one in this machine's platform package.
function binaryPath() {
  if (process.env.WPMOCK_BINARY) {
    return process.env.WPMOCK_BINARY;
  }
  const pkg = packages[`${process.platform} ${process.arch}`];
  if (!pkg) {
    throw new Error(
      `wpmock: no binary for ${process.platform}/${process.arch} on npm (there are: linux, darwin and win32 on x64 and arm64). ` +
        'Build one with Go (go install github.com/wpmock/wpmock/cmd/wpmock@latest) and set WPMOCK_BINARY to its path.',
    );
  }
  const exe = process.platform === 'win32' ? 'wpmock.exe' : 'wpmock';
  let file;
  try {
    file = require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    throw new Error(
      `wpmock: ${pkg}, the package that holds the binary for this machine, is not installed. ` +
        'npm installs it as an optional dependency of wpmock unless optional dependencies are left out ' +
        `(--omit=optional, --no-optional, a lock file made on another platform): reinstall, or npm install -D ${pkg}@${version}.`,
    );
  }
  if (process.platform !== 'win32') {
    ensureExecutable(file);
  }
  return file;
}

// ensureExecutable restores the executable bit an unpacking tool may have dropped
// (npm sets it only on the files a package lists as "bin", and the platform
// packages list none, so that only wpmock's launcher is linked as the command).
function ensureExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    try {
      fs.chmodSync(file, 0o755);
    } catch {
      // a read-only install: spawning will say what is wrong
    }
  }
}

module.exports = { binaryPath, packages };
