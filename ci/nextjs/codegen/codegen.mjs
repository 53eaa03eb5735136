// Types by graphql-codegen (typescript + typescript-operations) for the app's GraphQL
// operations (lib/queries.js), generated twice: from the mock's introspection and from
// WPGraphQL 2.20's (ci/graphql/captures/<version>/introspection.json), then tsc --noEmit
// on check.ts against each: issue 47's "types generated from the mock's introspection
// compile against the same queries as from WPGraphQL's". WPGraphQL answers
// introspection only to a logged-in user by default, and so does the mock: it is asked
// with the administrator's application password wpmock start() prints.
//
//   node codegen/codegen.mjs OUT   (run.sh runs it; WPMOCK_BINARY: the mock built)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { getIntrospectionQuery } from 'graphql';
import { start } from 'wpmock';

const here = path.dirname(new URL(import.meta.url).pathname);
const app = path.dirname(here);
const out = path.resolve(process.argv[2] || path.join(app, '.out/codegen'));
const version = process.env.GRAPHQL_CAPTURE_VERSION || '7.1';
const captured = path.join(app, '../graphql/captures', version, 'introspection.json');

// mockSchema asks a fresh mock's /graphql for its introspection, as its administrator.
async function mockSchema() {
  const wp = await start({ seed: 7, binary: process.env.WPMOCK_BINARY });
  try {
    const res = await fetch(`${wp.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: wp.authorization },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    const body = await res.json();
    if (!res.ok || body.errors || !body.data?.__schema) throw new Error(`the mock's introspection: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { schema: body, about: `wpmock ${wp.url} (WordPress ${wp.wpVersion})` };
  } finally {
    await wp.stop();
  }
}

// capturedSchema is WPGraphQL's answer to the same introspection, from the capture.
function capturedSchema() {
  const c = JSON.parse(fs.readFileSync(captured, 'utf8'));
  if (c.status !== 200 || !c.body?.data?.__schema) throw new Error(`${captured}: not an introspection result`);
  return { schema: c.body, about: `WPGraphQL's capture on WordPress ${version}` };
}

const sides = { mock: await mockSchema(), wpgraphql: capturedSchema() };
let failed = false;
for (const [name, { schema, about }] of Object.entries(sides)) {
  const dir = path.join(out, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify(schema));
  const t = Date.now();
  await generate({
    schema: path.join(dir, 'schema.json'),
    documents: path.join(app, 'lib/queries.js'),
    silent: true,
    generates: { [path.join(dir, 'types.ts')]: { plugins: ['typescript', 'typescript-operations'] } },
  }, true);
  fs.copyFileSync(path.join(here, 'check.ts'), path.join(dir, 'check.ts'));
  try {
    execFileSync(process.execPath, [path.join(app, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--target', 'es2022',
      '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck', path.join(dir, 'check.ts')], { stdio: 'inherit' });
    const lines = fs.readFileSync(path.join(dir, 'types.ts'), 'utf8').split('\n').length;
    console.log(`codegen ${name}: types from ${about}: ${lines} lines, tsc --noEmit passed (${Date.now() - t} ms)`);
  } catch {
    console.log(`codegen ${name}: types from ${about}: tsc --noEmit FAILED`);
    failed = true;
  }
}

// the operations' own types side by side (from NodeByUriQueryVariables on): what one
// schema types otherwise for the same queries. WPGraphQL's capture site declares Book
// and Genre, and the mock serves no post formats (docs/differences.md): those show
// here as nodeByUri's union members.
const ops = (name) => {
  const ts = fs.readFileSync(path.join(out, name, 'types.ts'), 'utf8');
  return ts.slice(ts.indexOf('export type NodeByUriQueryVariables')).split('\n').map((l) => l.trim()).filter(Boolean);
};
if (!failed) {
  const [m, w] = [ops('mock'), ops('wpgraphql')];
  const onlyW = w.filter((l) => !m.includes(l));
  const onlyM = m.filter((l) => !w.includes(l));
  console.log(`codegen: the operations' types: ${m.length} lines from the mock, ${w.length} from WPGraphQL, ` +
    `${onlyM.length} only in the mock's${onlyM.length ? ` (${onlyM.join(' ')})` : ''}, ${onlyW.length} only in WPGraphQL's${onlyW.length ? ` (${onlyW.join(' ')})` : ''}`);
}
process.exit(failed ? 1 : 0);
