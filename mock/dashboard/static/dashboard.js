// The wpmock dashboard: vanilla JavaScript over the mock's own routes (wpmock/v1). The
// page is the same for every site: it finds its site's base from its own path
// (/wpmock/ or /sites/<name>/wpmock/). Requests carry the administrator's application
// password from sessionStorage, or nothing when the site answers without (-auth=open).
// A browser signed in by the banner's link (/wpmock/?token=...) gets the page with
// that password in a meta element, and the summary and last requests already rendered
// (mock/dashboard/page.go): the script takes over the same elements.
'use strict';

const base = location.pathname.replace(/\/wpmock\/?[^/]*$/, '');
const root = `${base}/wp-json/`;
const authKey = 'wpmock.authorization';
const maxRows = 500;

const given = document.querySelector('meta[name="wpmock-authorization"]');
if (given && given.content) sessionStorage.setItem(authKey, given.content);
const signedInByLink = !!document.querySelector('meta[name="wpmock-signed-in-by-link"]');

// el builds an element: el('td', { class: 'num' }, 'text', child, ...); text is never HTML.
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c !== undefined && c !== null) e.append(c instanceof Node ? c : String(c));
  }
  return e;
}
const $ = (id) => document.getElementById(id);

// ApiError is a refusal in WordPress's envelope: {code, message, data: {status}}.
class ApiError extends Error {
  constructor(status, code, message) {
    super(`${status} ${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

function headers(extra = {}) {
  const h = { ...extra };
  const auth = sessionStorage.getItem(authKey);
  if (auth) h.Authorization = auth;
  return h;
}

// api calls a route under the site's REST root; a body is sent as JSON.
async function api(route, { method = 'GET', body, query } = {}) {
  let url = root + route;
  if (query) url += '?' + new URLSearchParams(query);
  const init = { method, headers: headers(body ? { 'Content-Type': 'application/json' } : {}) };
  if (body) init.body = JSON.stringify(body);
  const res = await fetch(url, init);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { /* not JSON: said below */ }
  if (!res.ok) {
    if (data && data.code) throw new ApiError(res.status, data.code, data.message);
    throw new ApiError(res.status, 'http_error', text.slice(0, 200) || res.statusText);
  }
  return data;
}

// say shows the outcome of an action in a panel's status line.
function say(id, text, error = false) {
  const p = $(id);
  p.textContent = text;
  p.classList.toggle('error', error);
}
// act runs an action and reports its error where it belongs.
async function act(statusId, fn) {
  try {
    await fn();
  } catch (e) {
    say(statusId, e.message, true);
    if (e.status === 401 || e.status === 403) showLogin(e.message);
  }
}

// ---- sign-in ----

let started = false;

async function boot() {
  try {
    const summary = await api('wpmock/v1/summary');
    $('login').hidden = true;
    $('logout').hidden = !sessionStorage.getItem(authKey) && !signedInByLink;
    showView(location.hash === '#api' ? 'api' : 'overview');
    renderSummary(summary);
    if (!started) {
      started = true;
      streamRequests();
      loadSnapshots();
      loadFaults();
      loadWebhooks();
      loadSites();
    }
  } catch (e) {
    if (e.status === 401 || e.status === 403) showLogin(sessionStorage.getItem(authKey) ? e.message : '');
    else showLogin(e.message);
  }
}

function showLogin(message) {
  $('overview').hidden = true;
  $('api').hidden = true;
  $('login').hidden = false;
  $('login-error').textContent = message || $('login-error').textContent; // the server's word on a stale link stays
}

$('login-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const f = ev.target;
  sessionStorage.setItem(authKey, 'Basic ' + btoa(`${f.user.value}:${f.password.value}`));
  boot();
});
$('logout').addEventListener('click', () => {
  sessionStorage.removeItem(authKey);
  if (signedInByLink) location.assign('?signout'); // the server clears the link's cookie
  else location.reload();
});

// ---- views ----

function showView(name) {
  for (const b of document.querySelectorAll('.tab')) b.setAttribute('aria-pressed', String(b.dataset.view === name));
  $('overview').hidden = name !== 'overview';
  $('api').hidden = name !== 'api';
  if (name === 'api') loadAPI();
}
for (const b of document.querySelectorAll('.tab')) {
  b.addEventListener('click', () => {
    history.replaceState(null, '', b.dataset.view === 'api' ? '#api' : '#');
    if ($('login').hidden) showView(b.dataset.view);
  });
}

// ---- summary: counts and users ----

function renderSummary(s) {
  $('site-name').textContent = s.site.name ? `site ${s.site.name}` : '';
  $('whoami').textContent = `${s.site.title} · WordPress ${s.site.wordpress} · auth ${s.site.auth} · ${s.site.rest}`;
  const rows = [];
  // each named by its route's base (posts, media, products), its type's slug beside
  const named = (route, slug) => {
    const name = route.split('/').pop();
    return el('td', {}, name, name === slug ? '' : el('span', { class: 'muted' }, ` (${slug})`));
  };
  for (const t of s.posts) {
    rows.push(el('tr', { 'data-type': t.type }, named(t.rest, t.type),
      el('td', { class: 'path' }, t.rest), el('td', { class: 'num' }, t.count),
      el('td', { class: 'muted' }, Object.entries(t.statuses).map(([k, v]) => `${k} ${v}`).join(', '))));
  }
  for (const t of s.terms) {
    rows.push(el('tr', { 'data-taxonomy': t.taxonomy }, named(t.rest, t.taxonomy),
      el('td', { class: 'path' }, t.rest), el('td', { class: 'num' }, t.count), el('td')));
  }
  rows.push(el('tr', { 'data-resource': 'comments' }, el('td', {}, 'comments'), el('td', { class: 'path' }, 'wp/v2/comments'),
    el('td', { class: 'num' }, s.comments.count),
    el('td', { class: 'muted' }, Object.entries(s.comments.statuses).map(([k, v]) => `${k} ${v}`).join(', '))));
  rows.push(el('tr', { 'data-resource': 'users' }, el('td', {}, 'users'), el('td', { class: 'path' }, 'wp/v2/users'),
    el('td', { class: 'num' }, s.users.count), el('td')));
  $('count-rows').replaceChildren(...rows);

  $('user-count').textContent = s.users.listed.length < s.users.count
    ? `(the first ${s.users.listed.length} of ${s.users.count})` : `(${s.users.count})`;
  $('user-rows').replaceChildren(...s.users.listed.map((u) => el('tr', { 'data-login': u.login },
    el('td', {}, u.login), el('td', {}, u.roles.join(', ')),
    el('td', { class: 'mono' }, u.password ?? el('span', { class: 'muted' }, u.app_passwords ? 'not known (made later)' : 'none')),
    el('td', {}, u.password ? el('button', { type: 'button', class: 'small copy', onclick: (ev) => copy(ev.target, u.password) }, 'Copy') : ''))));
}

async function copy(button, text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // no clipboard API (not a secure context): a selected textarea and the old command
    const t = el('textarea', {}, text);
    document.body.append(t);
    t.select();
    document.execCommand('copy');
    t.remove();
  }
  button.textContent = 'Copied';
  button.dataset.copied = text;
  setTimeout(() => { button.textContent = 'Copy'; }, 1500);
}

let summaryTimer;
// refreshSummary reloads the counts soon after a change (many changes: one reload).
function refreshSummary() {
  clearTimeout(summaryTimer);
  summaryTimer = setTimeout(() => api('wpmock/v1/summary').then(renderSummary, () => {}), 250);
}

// ---- the live request log: Server-Sent Events read with fetch, which can send the
// Authorization header (EventSource cannot) ----

// the requests the page was served with are not asked for again
let lastSeq = Math.max(0, ...Array.from($('log-rows').rows, (tr) => Number(tr.dataset.seq) || 0));

async function streamRequests() {
  const state = $('log-state');
  for (;;) {
    try {
      const res = await fetch(`${root}wpmock/v1/requests?stream=true&limit=200&after=${lastSeq}`,
        { headers: headers({ Accept: 'text/event-stream' }) });
      if (!res.ok) throw new Error(`${res.status}`);
      state.textContent = 'live';
      state.className = 'state live';
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let end;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          onEvent(buf.slice(0, end));
          buf = buf.slice(end + 2);
        }
      }
    } catch { /* reconnect below */ }
    state.textContent = 'reconnecting';
    state.className = 'state down';
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function onEvent(block) {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (event === 'missed') {
    const m = JSON.parse(data);
    addRow(el('tr', { class: 'muted' }, el('td', { colspan: 7 }, `${m.missed} older requests are no longer in the log`)));
  } else if (event === 'request') {
    const r = JSON.parse(data);
    lastSeq = r.seq;
    addRow(requestRow(r));
    if (r.site && !base && !knownSites.has(r.site)) {
      knownSites.add(r.site); // a site made by this request: list it
      loadSites();
    }
    const own = r.uri.includes('/wp-json/wpmock/v1/') || r.uri.includes('rest_route=/wpmock/v1/');
    if (!['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.status < 400 && !own) {
      refreshSummary();
      setTimeout(loadWebhooks, 500);
    }
  }
}

function requestRow(r) {
  const own = r.uri.includes('/wpmock/v1/');
  const tr = el('tr', { class: 'fresh', 'data-seq': r.seq, 'data-own': own ? 'true' : 'false' },
    el('td', { class: 'muted' }, r.time.slice(11, 23)),
    el('td', {}, r.site || ''),
    el('td', {}, el('span', { class: `method ${r.method.toLowerCase()}` }, r.method)),
    el('td', { class: 'path' }, r.uri),
    el('td', { class: `s${String(r.status)[0]}` }, r.status, r.code ? ` ${r.code}` : ''),
    el('td', {}, r.user),
    el('td', { class: 'num' }, r.ms.toFixed(2)));
  tr.hidden = !visible(tr);
  return tr;
}

function addRow(tr) {
  const body = $('log-rows');
  body.prepend(tr);
  while (body.rows.length > maxRows) body.lastElementChild.remove();
}

function visible(tr) {
  const q = $('log-filter').value.trim().toLowerCase();
  if (tr.dataset.own === 'true' && !$('log-own').checked) return false;
  return !q || tr.textContent.toLowerCase().includes(q);
}
function refilter() {
  for (const tr of $('log-rows').rows) tr.hidden = !visible(tr);
}
$('log-filter').addEventListener('input', refilter);
$('log-own').addEventListener('change', refilter);
$('log-clear').addEventListener('click', () => $('log-rows').replaceChildren());

// ---- reset and snapshots ----

$('reset').addEventListener('click', () => act('control-status', async () => {
  if (!confirm('Reset the site to its start-up data?')) return;
  const r = await api('wpmock/v1/reset', { method: 'POST' });
  say('control-status', `Reset: ${r.posts} posts, ${r.media} media, ${r.users} users.`);
  refreshSummary();
}));

$('snapshot-form').addEventListener('submit', (ev) => act('control-status', async () => {
  ev.preventDefault();
  const name = ev.target.name.value;
  const r = await api('wpmock/v1/snapshots', { method: 'POST', body: { name } });
  say('control-status', `Saved snapshot ${r.name} (${r.bytes} bytes).`);
  await loadSnapshots();
}));

async function loadSnapshots() {
  await act('control-status', async () => {
    const list = await api('wpmock/v1/snapshots');
    $('snapshot-rows').replaceChildren(...list.map((s) => el('tr', { 'data-snapshot': s.name },
      el('td', {}, s.name), el('td', { class: 'muted' }, s.saved), el('td', { class: 'num' }, s.bytes),
      el('td', {},
        el('button', { type: 'button', class: 'small restore', onclick: () => restore(s.name) }, 'Restore'), ' ',
        el('button', { type: 'button', class: 'small delete', onclick: () => forget(s.name) }, 'Delete')))));
  });
}
function restore(name) {
  return act('control-status', async () => {
    await api(`wpmock/v1/snapshots/${encodeURIComponent(name)}/restore`, { method: 'POST' });
    say('control-status', `Restored snapshot ${name}.`);
    refreshSummary();
  });
}
function forget(name) {
  return act('control-status', async () => {
    await api(`wpmock/v1/snapshots/${encodeURIComponent(name)}`, { method: 'DELETE' });
    say('control-status', `Deleted snapshot ${name}.`);
    await loadSnapshots();
  });
}

// ---- latency and faults ----

function showFaults(f) {
  $('faults-latency').textContent = f.latency;
  $('faults-rate').textContent = f.fault_rate;
}
async function loadFaults() {
  await act('faults-status', async () => showFaults(await api('wpmock/v1/faults')));
}
$('faults-form').addEventListener('submit', (ev) => act('faults-status', async () => {
  ev.preventDefault();
  const q = {};
  if (ev.target.latency.value.trim()) q.latency = ev.target.latency.value.trim();
  if (ev.target.fault_rate.value !== '') q.fault_rate = ev.target.fault_rate.value;
  const f = await api('wpmock/v1/faults', { method: 'POST', query: q });
  showFaults(f);
  say('faults-status', `Applied: latency ${f.latency}, fault rate ${f.fault_rate}.`);
}));
$('faults-off').addEventListener('click', () => act('faults-status', async () => {
  const f = await api('wpmock/v1/faults', { method: 'POST', query: { latency: '0', fault_rate: '0' } });
  showFaults(f);
  say('faults-status', 'Latency and faults are off.');
}));
// the probe times a REST read as the frontend would see it, latency included
$('faults-probe').addEventListener('click', async () => {
  const t0 = performance.now();
  const res = await fetch(`${root}wp/v2/posts?per_page=1&_fields=id`, { headers: headers() });
  const ms = Math.round(performance.now() - t0);
  const fault = res.headers.get('X-WPMock-Fault');
  $('faults-probe-result').textContent = `GET wp/v2/posts: ${res.status}${fault ? ` (injected ${fault})` : ''} in ${ms} ms`;
  $('faults-probe-result').dataset.ms = ms;
});

// ---- webhooks ----

async function loadWebhooks() {
  await act('webhooks-status', async () => {
    const w = await api('wpmock/v1/webhooks');
    const preset = $('webhook-preset');
    if (!preset.options.length) preset.replaceChildren(...w.presets.map((p) => el('option', { value: p }, p)));
    $('webhook-targets').replaceChildren(...(w.targets.length ? w.targets.map((t) => el('li', {},
      el('code', {}, t.url), ` ${t.preset}${t.signed ? ', signed' : ''}`)) : [el('li', { class: 'muted' }, 'No receiver: start with -webhook URL, or add one here.')]));
    $('delivery-rows').replaceChildren(...w.deliveries.map((d) => el('tr', { 'data-state': d.state },
      el('td', { class: 'num' }, d.change), el('td', {}, d.state),
      el('td', { class: d.status ? `s${String(d.status)[0]}` : 'error' }, d.status || d.error || ''),
      el('td', { class: 'path' }, `${d.request.method} ${d.request.url}`),
      el('td', { class: 'num' }, (d.attempts || []).length))));
  });
}
$('webhooks-refresh').addEventListener('click', loadWebhooks);
$('webhook-form').addEventListener('submit', (ev) => act('webhooks-status', async () => {
  ev.preventDefault();
  const f = ev.target;
  await api('wpmock/v1/webhooks', { method: 'POST', body: { url: f.url.value, preset: f.preset.value, secret: f.secret.value } });
  say('webhooks-status', `Added ${f.url.value}.`);
  await loadWebhooks();
}));

// ---- named sites (the default site lists them) ----

const knownSites = new Set();

async function loadSites() {
  if (base) {
    $('sites-note').replaceChildren(`This is the named site ${base.split('/').pop()}. `,
      el('a', { href: '/wpmock/' }, 'The default site\'s dashboard'), ' lists them all.');
    return;
  }
  $('sites-note').textContent = 'Sites under /sites/<name>/, each made by its first request.';
  await act('sites-status', async () => {
    const list = await api('wpmock/v1/sites');
    for (const s of list) knownSites.add(s.name);
    $('site-rows').replaceChildren(...list.map((s) => el('tr', { 'data-site': s.name },
      el('td', {}, el('a', { href: `/sites/${s.name}/wpmock/` }, s.name)), el('td', { class: 'path' }, s.rest),
      el('td', {}, el('button', { type: 'button', class: 'small', onclick: () => endSite(s.name) }, 'End')))));
  });
}
function endSite(name) {
  return act('sites-status', async () => {
    await api(`wpmock/v1/sites/${encodeURIComponent(name)}`, { method: 'DELETE' });
    knownSites.delete(name);
    say('sites-status', `Ended site ${name}.`);
    await loadSites();
  });
}
$('site-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  location.href = `/sites/${encodeURIComponent(ev.target.name.value)}/wpmock/`;
});

// ---- the API document: a list of paths, each operation a <details> with its
// parameters, request body and responses ----

let apiDoc = null;

async function loadAPI() {
  if (apiDoc) return;
  $('api-raw').href = `${root}wpmock/v1/openapi.json`;
  try {
    apiDoc = await api('wpmock/v1/openapi.json');
  } catch (e) {
    $('api-info').textContent = e.message;
    return;
  }
  $('api-title').textContent = `${apiDoc.info.title} ${apiDoc.info.version}`;
  $('api-info').textContent = `OpenAPI ${apiDoc.openapi}: ${Object.keys(apiDoc.paths).length} paths.`;
  renderAPI();
}

// resolve follows a local $ref (#/components/...).
function resolve(v) {
  let seen = 0;
  while (v && v.$ref && seen++ < 10) {
    v = v.$ref.replace(/^#\//, '').split('/').reduce((o, k) => (o ? o[k] : undefined), apiDoc);
  }
  return v || {};
}

function typeOf(s) {
  s = resolve(s);
  if (s.enum) return `${s.type || ''} one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}`;
  if (s.type === 'array') return `array of ${typeOf(s.items)}`;
  if (s.oneOf || s.anyOf) return (s.oneOf || s.anyOf).map(typeOf).join(' or ');
  return [s.type, s.format].filter(Boolean).join(', ') || 'any';
}

const methods = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];

function renderAPI() {
  const q = $('api-filter').value.trim().toLowerCase();
  const out = [];
  for (const [path, item] of Object.entries(apiDoc.paths)) {
    const ops = methods.filter((m) => item[m] && (!q || `${m} ${path} ${item[m].summary || ''}`.toLowerCase().includes(q)));
    if (!ops.length) continue;
    out.push(el('div', { class: 'api-path' }, el('h3', { class: 'mono' }, path),
      ops.map((m) => operation(path, m, item[m], item.parameters || []))));
  }
  $('api-paths').replaceChildren(...(out.length ? out : [el('p', { class: 'muted' }, 'No operation matches.')]));
}
$('api-filter').addEventListener('input', () => apiDoc && renderAPI());

function operation(path, method, op, shared) {
  const params = [...shared, ...(op.parameters || [])].map(resolve);
  const body = op.requestBody && resolve(op.requestBody);
  const details = el('details', { class: 'op', 'data-op': `${method.toUpperCase()} ${path}` },
    el('summary', {}, el('span', { class: `method ${method}` }, method.toUpperCase()), el('code', {}, path),
    el('span', { class: 'muted' }, op.summary || '')));
  // the body is built when first opened: the document has hundreds of operations
  details.addEventListener('toggle', () => {
    if (!details.open || details.childElementCount > 1) return;
    const parts = [];
    if (op.description) parts.push(el('p', {}, op.description));
    if (op.security && op.security.length) parts.push(el('p', { class: 'muted' }, `Needs: ${op.security.map((s) => Object.keys(s).join(', ')).join(' or ')}`));
    if (params.length) {
      parts.push(el('h4', {}, 'Parameters'), el('table', { class: 'params' },
        el('thead', {}, el('tr', {}, el('th', {}, 'name'), el('th', {}, 'in'), el('th', {}, 'type'), el('th', {}, 'default'), el('th', {}, 'description'))),
        el('tbody', {}, params.map((p) => el('tr', { 'data-param': p.name },
          el('td', { class: 'mono' }, p.name, p.required ? ' *' : ''), el('td', {}, p.in), el('td', {}, typeOf(p.schema)),
          el('td', { class: 'mono' }, p.schema && 'default' in resolve(p.schema) ? JSON.stringify(resolve(p.schema).default) : ''),
          el('td', {}, p.description || ''))))));
    }
    if (body && body.content) {
      const [type, media] = Object.entries(body.content)[0];
      const schema = resolve(media.schema);
      const props = Object.entries(schema.properties || {});
      parts.push(el('h4', {}, `Request body (${Object.keys(body.content).join(', ')})`));
      if (props.length) {
        parts.push(el('table', {}, el('tbody', {}, props.map(([name, s]) => el('tr', {},
          el('td', { class: 'mono' }, name, (schema.required || []).includes(name) ? ' *' : ''),
          el('td', {}, typeOf(s)), el('td', {}, resolve(s).description || ''))))));
      } else {
        parts.push(el('p', { class: 'muted' }, `${type}: ${typeOf(schema)}`));
      }
    }
    parts.push(el('h4', {}, 'Responses'), el('ul', {}, Object.entries(op.responses || {}).map(([code, r]) =>
      el('li', {}, el('b', {}, code), ' ', resolve(r).description || ''))));
    details.append(el('div', {}, parts));
  });
  return details;
}

boot();
