// node.mjs runs the scenario (scenario.mjs) with two real Node clients, node-wpapi and
// @wordpress/api-fetch, against the site in CLIENTS_SITE (its root URL, not the REST
// root: node-wpapi discovers that) as CLIENTS_USER with the application password
// CLIENTS_PASSWORD. It exits non-zero when a step of either client fails.
import { createRequire } from 'node:module';
import { run, report } from './scenario.mjs';

const require = createRequire(import.meta.url);
const WPAPI = require('wpapi');
const apiFetch = require('@wordpress/api-fetch').default;

const site = (process.env.CLIENTS_SITE || '').replace(/\/$/, '');
const user = process.env.CLIENTS_USER;
const password = process.env.CLIENTS_PASSWORD;
const label = process.env.CLIENTS_LABEL || site;
if (!site || !user || !password) {
  console.error('node.mjs: set CLIENTS_SITE, CLIENTS_USER and CLIENTS_PASSWORD');
  process.exit(2);
}
const root = `${site}/wp-json`;
const creds = (auth) => auth === 'admin' ? { username: user, password }
  : auth === 'wrong' ? { username: user, password: 'wrong pass word' } : null;
const basic = (auth) => {
  const c = creds(auth);
  return c ? { Authorization: 'Basic ' + Buffer.from(`${c.username}:${c.password}`).toString('base64') } : {};
};
const fetchable = async (url) => (await fetch(url)).ok;

// node-wpapi: a site object per credential; paths are split into its route methods.
function wpapiAdapter() {
  const sites = {};
  const wp = (auth) => {
    if (!sites[auth]) {
      const c = creds(auth);
      sites[auth] = new WPAPI({ endpoint: root, ...(c ? { ...c, auth: true } : {}) });
    }
    return sites[auth];
  };
  // route maps "/posts/12?context=edit" to wpapi's request builder
  const route = (path, auth) => {
    const [p, q] = path.split('?');
    const [, collection, id] = p.split('/');
    const methods = { posts: 'posts', media: 'media', users: 'users' };
    let req = wp(auth)[methods[collection]]();
    if (id === 'me') req = req.me();
    else if (id) req = req.id(Number(id));
    for (const [k, v] of new URLSearchParams(q || '')) req = req.param(k, v);
    return req;
  };
  return {
    async discover() {
      const errors = [];
      const saved = [console.error, console.warn];
      console.error = console.warn = (...a) => errors.push(a.join(' '));
      let found;
      try {
        found = await WPAPI.discover(site);
      } finally {
        [console.error, console.warn] = saved;
      }
      const posts = await found.posts().perPage(1).get();
      if (!Array.isArray(posts) || posts.length !== 1) throw new Error('the discovered site lists no posts');
      // node-wpapi 1.2.2 cannot compile some of WordPress's route patterns (the templates
      // routes' character classes) and then binds to the found root with its default
      // routes: still a working client, so noted rather than failed
      const note = errors.some((e) => /Endpoint detected|Invalid regular expression/.test(e))
        ? 'node-wpapi could not read the index routes and uses its default ones' : '';
      if (errors.length && !note) throw new Error(`discover logged: ${errors[0]}`);
      return { root: found._options.endpoint.replace(/\/$/, ''), note };
    },
    async list(query, auth) {
      let req = wp(auth).posts();
      if (query.per_page) req = req.perPage(query.per_page);
      if (query.page) req = req.page(query.page);
      if (query._embed) req = req.embed();
      const items = await req.get();
      return { items, total: items._paging.total, totalPages: items._paging.totalPages };
    },
    get: (path, auth) => route(path, auth).get(),
    create: (path, data, auth) => route(path, auth).create(data),
    update: (path, data, auth) => route(path, auth).update(data),
    remove(path, query, auth) {
      let req = route(path, auth);
      for (const [k, v] of Object.entries(query)) req = req.param(k, v);
      return req.delete();
    },
    upload: (bytes, name, mime, auth) => wp(auth).media().file(Buffer.from(bytes), name).create({ title: name }),
    fetchable,
  };
}

// @wordpress/api-fetch as the block editor uses it: the root URL middleware, paths under
// the namespace, parse: false where the paging headers are needed.
function apiFetchAdapter() {
  apiFetch.use(apiFetch.createRootURLMiddleware(`${root}/`));
  const call = (opts, auth) => apiFetch({ ...opts, headers: { ...(opts.headers || {}), ...basic(auth) } });
  const qs = (q) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
  return {
    async list(query, auth) {
      const res = await call({ path: `/wp/v2/posts${Object.keys(query).length ? '?' + qs(query) : ''}`, parse: false }, auth);
      return {
        items: await res.json(),
        total: Number(res.headers.get('X-WP-Total')),
        totalPages: Number(res.headers.get('X-WP-TotalPages')),
      };
    },
    get: (path, auth) => call({ path: `/wp/v2${path}` }, auth),
    create: (path, data, auth) => call({ path: `/wp/v2${path}`, method: 'POST', data }, auth),
    // api-fetch sends PUT and DELETE as POST with X-HTTP-Method-Override (its http-v1 middleware)
    update: (path, data, auth) => call({ path: `/wp/v2${path}`, method: 'PUT', data }, auth),
    remove: (path, query, auth) => call({ path: `/wp/v2${path}?${qs(query)}`, method: 'DELETE' }, auth),
    upload(bytes, name, mime, auth) {
      const body = new FormData();
      body.append('file', new Blob([bytes], { type: mime }), name);
      body.append('title', name);
      return call({ path: '/wp/v2/media', method: 'POST', body }, auth);
    },
    fetchable,
  };
}

let ok = true;
for (const [name, adapter] of [['node-wpapi', wpapiAdapter()], ['@wordpress/api-fetch', apiFetchAdapter()]]) {
  const steps = await run(adapter, { marker: `wpmock-clients-${name.replace(/\W/g, '')}` });
  ok = report(name, label, steps) && ok;
}
process.exit(ok ? 0 : 1);
