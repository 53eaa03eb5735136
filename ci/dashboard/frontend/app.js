// A frontend as a test drives it: it lists the published posts of the WordPress REST API
// at ?api=<REST root> (a worker's own site: /sites/w0/wp-json/) and creates and deletes
// posts with the application password a test leaves in sessionStorage. It runs on
// another origin than the API, as a dev server does: the writes go through CORS.
'use strict';
const api = new URLSearchParams(location.search).get('api');
const auth = sessionStorage.getItem('wp-auth');
const list = document.getElementById('posts');
const status = document.getElementById('status');
document.getElementById('source').textContent = `From ${api}`;

async function call(method, route, body) {
  const headers = { Authorization: auth };
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(api + route, { method, headers, body: body && JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${data.code}: ${data.message}`);
  return data;
}

async function load() {
  const posts = await call('GET', 'wp/v2/posts?per_page=100&_fields=id,title');
  list.replaceChildren(...posts.map((p) => {
    const li = document.createElement('li');
    li.dataset.id = p.id;
    const title = document.createElement('span');
    title.className = 'title';
    title.textContent = p.title.rendered;
    const del = document.createElement('button');
    del.textContent = 'Delete';
    del.addEventListener('click', () => remove(p.id));
    li.append(title, ' ', del);
    return li;
  }));
  status.textContent = `${posts.length} posts`;
}

async function remove(id) {
  try {
    await call('DELETE', `wp/v2/posts/${id}?force=true`);
    await load();
  } catch (e) {
    status.textContent = e.message;
  }
}

document.getElementById('new').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const input = document.getElementById('new-title');
  try {
    await call('POST', 'wp/v2/posts', { title: input.value, status: 'publish' });
    input.value = '';
    await load();
  } catch (e) {
    status.textContent = e.message;
  }
});

load().catch((e) => { status.textContent = e.message; });
