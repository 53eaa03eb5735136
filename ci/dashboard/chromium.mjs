// Debian's Chromium, not a browser Playwright downloads (this machine reaches no such
// download): the flags keep it from calling out to Google's services, which a closed
// network refuses by the dozen.
export const chromium = {
  browserName: 'chromium',
  launchOptions: {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  },
};
