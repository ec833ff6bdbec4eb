// Lets a plain `node` child process (crash and multi-process tests) load the TypeScript sources
// the way jest does: .ts compiled by SWC on require, `./x.js` imports resolved to `./x.ts`, and
// `@pc/kit/*` / `@pc/proto/*` mapped to their sources (as jest.config.cjs maps them).
// Crash tests need a real, separate process to SIGKILL, and nothing is built to dist/ for them.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const repo = path.join(__dirname, '..', '..', '..', '..');
const WORKSPACE_SOURCES = [
  ['@pc/kit/', path.join(repo, 'services', 'kit', 'src')],
  ['@pc/proto/', path.join(repo, 'proto', 'gen')],
];

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTs(request, parent, ...rest) {
  for (const [prefix, dir] of WORKSPACE_SOURCES) {
    if (request.startsWith(prefix)) return `${path.join(dir, request.slice(prefix.length))}.ts`;
  }
  try {
    return resolveFilename.call(this, request, parent, ...rest);
  } catch (error) {
    if ((request.startsWith('.') || path.isAbsolute(request)) && request.endsWith('.js')) {
      return resolveFilename.call(this, `${request.slice(0, -3)}.ts`, parent, ...rest);
    }
    throw error;
  }
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
