// Lets a plain `node` child process (crash and multi-process tests) load the TypeScript sources
// the way jest does: .ts compiled by SWC on require, and `./x.js` imports resolved to `./x.ts`.
// Crash tests need a real, separate process to SIGKILL, and nothing is built to dist/ for them.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTs(request, parent, ...rest) {
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
