// The scenario every real client runs, in Node (node-wpapi, @wordpress/api-fetch) and in
// a browser page served from another origin (fetch): list, paging by the X-WP-Total and
// X-WP-TotalPages headers, _embed, auth errors, create, update, upload, delete. It knows
// nothing of the client: each one passes an adapter, so the three clients check the same
// thing, and the same file runs against the mock and against real WordPress.
//
// An adapter has:
//   list(query, auth)      -> {items, total, totalPages}   query: {page, per_page, _embed}
//   get(path, auth)        -> body                          path under /wp/v2
//   create(path, data, auth) / update(path, data, auth) / remove(path, query, auth) -> body
//   upload(bytes, filename, mime, auth) -> body
//   fetchable(url)         -> true when the URL can be loaded (an image in the browser)
//   discover()             -> {root, note}: the REST root it found (optional: node-wpapi only)
// and throws on an error answer a value from which errorOf reads {status, code}.
// auth is "admin", "anonymous" or "wrong" (the admin's login with a wrong password).

// A 2x2 PNG, the smallest upload every WordPress accepts as an image.
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGM4IScnd0KOAUIBAB3SBBHfPB1bAAAAAElFTkSuQmCC';

export function pngBytes() {
  const bin = atob(png);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// errorOf reads WordPress's error envelope from what a client threw: node-wpapi and
// api-fetch throw the parsed body, api-fetch with parse: false the Response itself, the
// fetch adapter an object with status and body.
export async function errorOf(e) {
  if (e && typeof e.json === 'function' && typeof e.status === 'number') {
    const body = await e.json().catch(() => ({}));
    return { status: e.status, code: body.code };
  }
  const body = e && e.body ? e.body : e;
  const status = (e && e.status) || (body && body.data && body.data.status);
  return { status, code: body && body.code };
}

async function refused(p, status, code) {
  try {
    await p;
  } catch (e) {
    const got = await errorOf(e);
    if (got.status !== status || got.code !== code) {
      throw new Error(`got ${got.status} ${got.code}, want ${status} ${code}`);
    }
    return `${status} ${code}`;
  }
  throw new Error(`succeeded, want ${status} ${code}`);
}

function want(cond, msg) {
  if (!cond) throw new Error(msg);
}

// run runs the scenario through one adapter and returns its steps: {step, ok, detail}.
// A failed step does not stop the others, but the ones that need its item are skipped.
export async function run(client, { marker = 'wpmock-clients' } = {}) {
  const steps = [];
  const step = async (name, fn) => {
    try {
      const detail = await fn();
      steps.push({ step: name, ok: true, detail: detail ?? '' });
    } catch (e) {
      steps.push({ step: name, ok: false, detail: String((e && e.message) || JSON.stringify(e)) });
    }
  };
  if (client.discover) {
    await step('discover', async () => {
      const { root, note } = await client.discover();
      want(/\/wp-json\/?$/.test(root) || root.includes('rest_route='), `REST root ${root}`);
      return root + (note ? ` (${note})` : '');
    });
  }
  // paging needs a few published posts: a fresh WordPress has one
  const seeded = [];
  await step('setup', async () => {
    const { total } = await client.list({ per_page: 1 }, 'anonymous');
    for (let i = total; i < 5; i++) {
      seeded.push(await client.create('/posts', { title: `${marker} seed ${i}`, content: 'x', status: 'publish' }, 'admin'));
    }
    return `${total} published posts, ${seeded.length} added`;
  });
  let first;
  await step('list', async () => {
    first = await client.list({}, 'anonymous');
    want(Array.isArray(first.items) && first.items.length > 0, 'no posts');
    want(first.items.length <= 10, `${first.items.length} posts on the default page`);
    want(first.total >= first.items.length, `X-WP-Total ${first.total}`);
    want(first.totalPages === Math.ceil(first.total / 10), `X-WP-TotalPages ${first.totalPages} for ${first.total}`);
    want(typeof first.items[0].title.rendered === 'string', 'title.rendered');
    return `${first.items.length} posts, X-WP-Total ${first.total}, X-WP-TotalPages ${first.totalPages}`;
  });
  await step('paging by headers', async () => {
    const p1 = await client.list({ per_page: 2, page: 1 }, 'anonymous');
    const p2 = await client.list({ per_page: 2, page: 2 }, 'anonymous');
    want(p1.totalPages === Math.ceil(p1.total / 2), `X-WP-TotalPages ${p1.totalPages}`);
    want(p2.items.length > 0 && p2.items[0].id !== p1.items[0].id, 'page 2 repeats page 1');
    const beyond = await refused(client.list({ per_page: 2, page: p1.totalPages + 1 }, 'anonymous'),
      400, 'rest_post_invalid_page_number');
    return `page 2 of ${p1.totalPages}; page ${p1.totalPages + 1}: ${beyond}`;
  });
  await step('_embed', async () => {
    const { items } = await client.list({ per_page: 1, _embed: true }, 'anonymous');
    const author = items[0]._embedded && items[0]._embedded.author;
    want(author && author[0] && author[0].id === items[0].author, 'no embedded author');
    return `author ${author[0].name}`;
  });
  await step('auth errors', async () => {
    const a = await refused(client.create('/posts', { title: `${marker} anon` }, 'anonymous'), 401, 'rest_cannot_create');
    // WordPress checks an application password before anything has determined the user,
    // so a wrong one is not reported (incorrect_password): the request runs as anonymous.
    const b = await refused(client.get('/users/me', 'wrong'), 401, 'rest_not_logged_in');
    return `anonymous create: ${a}; wrong password: ${b}`;
  });
  let post;
  await step('create', async () => {
    post = await client.create('/posts', { title: `${marker} hello`, content: '<p>Hello</p>', status: 'draft' }, 'admin');
    want(post.id > 0 && post.title.raw === `${marker} hello` && post.status === 'draft', JSON.stringify(post).slice(0, 200));
    return `post ${post.id}`;
  });
  await step('update', async () => {
    want(post, 'nothing created');
    const up = await client.update(`/posts/${post.id}`, { title: `${marker} updated` }, 'admin');
    want(up.title.raw === `${marker} updated`, `title.raw ${up.title.raw}`);
    const again = await client.get(`/posts/${post.id}?context=edit`, 'admin');
    want(again.title.raw === `${marker} updated`, 'the update did not stick');
    return `post ${post.id}`;
  });
  let media;
  await step('upload', async () => {
    media = await client.upload(pngBytes(), `${marker}.png`, 'image/png', 'admin');
    want(media.id > 0 && media.mime_type === 'image/png' && media.media_type === 'image', JSON.stringify(media).slice(0, 200));
    want(await client.fetchable(media.source_url), `${media.source_url} does not load`);
    return `media ${media.id} at ${media.source_url}`;
  });
  await step('delete', async () => {
    want(post && media, 'nothing to delete');
    const gone = await client.remove(`/posts/${post.id}`, { force: true }, 'admin');
    want(gone.deleted === true && gone.previous.id === post.id, JSON.stringify(gone).slice(0, 200));
    const m = await client.remove(`/media/${media.id}`, { force: true }, 'admin');
    want(m.deleted === true, 'media not deleted');
    const after = await refused(client.get(`/posts/${post.id}`, 'admin'), 404, 'rest_post_invalid_id');
    post = media = undefined;
    return `then GET: ${after}`;
  });
  // whatever a failed step left behind
  for (const [path, item] of [['/posts', post], ['/media', media], ...seeded.map((p) => ['/posts', p])]) {
    if (item) await client.remove(`${path}/${item.id}`, { force: true }, 'admin').catch(() => {});
  }
  return steps;
}

// report prints one line per step and a summary line, and says whether all passed.
export function report(client, target, steps, print = console.log) {
  for (const s of steps) print(`  ${s.ok ? 'ok  ' : 'FAIL'} ${client}: ${s.step}${s.detail ? ': ' + s.detail : ''}`);
  const failed = steps.filter((s) => !s.ok).length;
  print(`clients: ${client} against ${target}: ${steps.length - failed} of ${steps.length} steps passed`);
  return failed === 0;
}
