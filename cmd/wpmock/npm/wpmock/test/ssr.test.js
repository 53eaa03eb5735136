'use strict';
// node --test cmd/wpmock/npm/wpmock/test: wpmock/ssr forwards the site of the request
// being answered to fetches to the mock, and to nothing else.
const test = require('node:test');
const assert = require('node:assert');
const http = require('node:http');
const ssr = require('../ssr.js');

// listen serves handler on a free port and resolves to its URL.
function listen(handler) {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() });
  }));
}

// echo answers with the X-WPMock-Site header it got ("-" for none).
const echo = (req, res) => res.end(req.headers['x-wpmock-site'] ?? '-');

test('siteOf reads the header, else the cookie', () => {
  const rows = [
    [{ headers: { 'x-wpmock-site': 'w1' } }, 'w1'],
    [{ headers: { cookie: 'theme=dark; wpmock_site=w2; s=1' } }, 'w2'],
    [{ headers: { 'x-wpmock-site': 'w1', cookie: 'wpmock_site=w2' } }, 'w1'],
    [{ headers: { cookie: 'not_wpmock_site=w2' } }, undefined],
    [{ headers: { cookie: 'wpmock_site=' } }, undefined],
    [new Headers({ cookie: 'wpmock_site=w3' }), 'w3'],
    [new Request('http://x/', { headers: { 'X-WPMock-Site': 'w4' } }), 'w4'],
    [{ headers: {} }, undefined],
    [undefined, undefined],
  ];
  for (const [from, want] of rows) assert.strictEqual(ssr.siteOf(from), want, JSON.stringify(from));
});

test('fetches to the mock name the site of the request being answered, and only those', async (t) => {
  const mock = await listen(echo);
  const other = await listen(echo);
  t.after(() => { mock.close(); other.close(); });
  ssr.forwardSite({ url: mock.url });
  const text = async (url, init) => (await fetch(url, init)).text();
  assert.strictEqual(await text(`${mock.url}/wp-json/`), '-', 'outside a request');
  await ssr.runWithSite('w1', async () => {
    assert.strictEqual(await text(`${mock.url}/wp-json/`), 'w1', 'a string URL');
    assert.strictEqual(await text(new URL('/wp-json/', mock.url)), 'w1', 'a URL');
    assert.strictEqual(await text(new Request(`${mock.url}/wp-json/`, { headers: { A: 'b' } })), 'w1', 'a Request');
    assert.strictEqual(await text(`${other.url}/`), '-', 'another origin');
    assert.strictEqual(await text(`${mock.url}/`, { headers: { 'X-WPMock-Site': 'mine' } }), 'mine', 'named already');
  });
  // a patch set afterwards (Next's data cache) still sees the header: the wrapper
  // stays outermost
  const seen = [];
  const before = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    seen.push(new Headers(init?.headers).get('x-wpmock-site'));
    return before(input, init);
  };
  await ssr.runWithSite({ headers: { cookie: 'wpmock_site=w2' } }, async () => {
    assert.strictEqual(await text(`${mock.url}/`), 'w2');
  });
  assert.deepStrictEqual(seen, ['w2']);
});

test('every request a Node server takes is a scope of its own', async (t) => {
  const mock = await listen(echo);
  ssr.forwardSite({ url: mock.url });
  ssr.scopeIncoming();
  // a frontend that waits, then fetches: two requests overlap
  const frontend = await listen(async (req, res) => {
    await new Promise((r) => setTimeout(r, 50));
    res.end(await (await fetch(`${mock.url}/wp-json/wp/v2/posts`)).text());
  });
  t.after(() => { mock.close(); frontend.close(); });
  const get = async (headers) => (await fetch(frontend.url, { headers })).text();
  const got = await Promise.all([
    get({ cookie: 'wpmock_site=w1' }), get({ cookie: 'wpmock_site=w2' }), get({ 'X-WPMock-Site': 'w3' }), get({}),
  ]);
  assert.deepStrictEqual(got, ['w1', 'w2', 'w3', '-']);
  assert.strictEqual(ssr.currentSite(), undefined, 'no scope left behind');
});
