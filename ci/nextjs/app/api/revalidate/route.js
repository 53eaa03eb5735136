import crypto from 'node:crypto';
import { revalidatePath, revalidateTag } from 'next/cache';

// WordPress's revalidation webhook (wpmock -webhook URL -webhook-secret S, the wpmock
// preset): the body signed with the secret (X-WPMock-Signature: sha256=<hex>); the
// posts tag of the site it came from revalidated (a named site's change names it in
// X-WPMock-Site; the default site's drops every site's), and the change's paths, as
// paths of this app (a site's URL cut off: /sites/w1/hello/ is /hello/).
const received = (globalThis.revalidations ??= []);

export async function POST(request) {
  const body = await request.text();
  const secret = process.env.WPMOCK_WEBHOOK_SECRET;
  if (secret) {
    const want = 'sha256=' + crypto.createHmac('sha256', secret).update(body).digest('hex');
    const got = request.headers.get('x-wpmock-signature') ?? '';
    if (got.length !== want.length || !crypto.timingSafeEqual(Buffer.from(got), Buffer.from(want))) {
      return Response.json({ error: 'bad signature' }, { status: 401 });
    }
  }
  const change = JSON.parse(body);
  const site = request.headers.get('x-wpmock-site');
  const tag = site ? `posts-${site}` : 'posts';
  revalidateTag(tag);
  const base = new URL(change.site).pathname.replace(/\/$/, '');
  const paths = (change.paths ?? []).map((p) => (base && p.startsWith(base + '/') ? p.slice(base.length) : p));
  for (const path of paths) revalidatePath(path);
  received.push({ change: change.change, site: site ?? 'default', tag, ids: (change.items ?? []).map((i) => i.id), paths });
  return Response.json({ revalidated: true, tag, paths });
}

// GET lists the webhooks received, for the tests.
export async function GET() {
  return Response.json(received);
}
