#!/usr/bin/env node
// The JavaScript a browser loads for one page of the site, raw and compressed (gzip, brotli):
// the entry, the root route, the page's route and their parents, with every chunk they import,
// each file once, as Remix's client manifest lists them.
//
//   node scripts/bench/web/js-size.mjs [web/build/client] [routes/$locale.products.$product]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const client = process.argv[2] ?? 'web/build/client';
const routeId = process.argv[3] ?? 'routes/$locale.products.$product';
const manifestFile = readdirSync(join(client, 'assets')).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error(`no Remix manifest in ${client}/assets`);
const manifest = JSON.parse(
  readFileSync(join(client, 'assets', manifestFile), 'utf8')
    .replace(/^window\.__remixManifest=/, '')
    .replace(/;\s*$/, ''),
);

const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`no route ${id} in the manifest`);
  files.add(route.module);
  for (const file of route.imports ?? []) files.add(file);
}
let raw = 0;
let gzip = 0;
let brotli = 0;
for (const file of files) {
  const body = readFileSync(join(client, file));
  raw += body.length;
  gzip += gzipSync(body, { level: 9 }).length;
  brotli += brotliCompressSync(body).length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`${routeId}: ${files.size} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli`);
