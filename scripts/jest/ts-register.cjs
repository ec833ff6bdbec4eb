// Lets a plain `node` process (crash and multi-process tests, query threads run from source,
// `npm run eval:matching`) load the TypeScript sources the way jest does: .ts compiled by SWC on
// require, `./x.js` imports resolved to `./x.ts`, and workspace imports (`@pc/kit/*`,
// `@pc/proto/*`, the engines…) mapped to their sources by jest.config.cjs's own moduleNameMapper.
// Crash tests need a real, separate process to SIGKILL, and nothing is built to dist/ for them.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const repo = path.join(__dirname, '..', '..');
const { moduleNameMapper } = require(path.join(repo, 'jest.config.cjs'));
// Only the workspace mappings (into the repository); relative `.js` imports are handled below.
const WORKSPACE_SOURCES = Object.entries(moduleNameMapper)
  .filter(([, target]) => target.startsWith('<rootDir>/') && !target.includes('node_modules'))
  .map(([pattern, target]) => [new RegExp(pattern), path.join(repo, target.slice('<rootDir>/'.length))]);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTs(request, parent, ...rest) {
  for (const [pattern, target] of WORKSPACE_SOURCES) {
    if (pattern.test(request)) return resolveFilename.call(this, request.replace(pattern, target), parent, ...rest);
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
