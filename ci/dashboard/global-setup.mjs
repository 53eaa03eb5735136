// One mock for the run (the wpmock JavaScript API's start(), on a free port) and one
// small HTTP server beside it, as a frontend's dev server would be: it serves the page
// under frontend/ and takes the mock's webhook deliveries at /hook. Their URLs and the
// admin's credentials reach the workers through the environment.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

// the package's source in this repository; a project gets the same API from
// `npm install -D wpmock` (ci/npm-smoke.sh installs it from the packed tarballs)
const { start } = createRequire(import.meta.url)('../../cmd/wpmock/npm/wpmock/index.js');

const here = path.dirname(new URL(import.meta.url).pathname);
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css' };
export const hooks = [];

export default async function globalSetup() {
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/hook') {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        hooks.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
      return;
    }
    if (req.url === '/hooks') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(hooks));
      return;
    }
    const name = new URL(req.url, 'http://x').pathname.replace(/^\/$/, '/index.html');
    const file = path.join(here, 'frontend', path.normalize(name));
    if (!file.startsWith(path.join(here, 'frontend') + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const frontend = `http://127.0.0.1:${server.address().port}`;
  const wp = await start({ seed: 7, webhook: `${frontend}/hook`, webhookSecret: 's3cret' });
  Object.assign(process.env, {
    WP_URL: wp.url,
    WP_AUTHORIZATION: wp.authorization,
    WP_USER: wp.user,
    WP_PASSWORD: wp.password,
    WP_DASHBOARD: wp.dashboardUrl,
    FRONTEND_URL: frontend,
  });
  console.log(`global set-up: wpmock ${wp.url} (WordPress ${wp.wpVersion}, pid ${wp.pid}), frontend and webhook receiver ${frontend}`);
  return async () => {
    await wp.stop();
    server.close();
  };
}
