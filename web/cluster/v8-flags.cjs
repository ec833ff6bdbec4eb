// The V8 flags every site process runs with (ADR 095). `--no-memory-reducer`: after a few idle
// minutes V8's memory reducer shrinks the heap, and the process then spends about three times
// the CPU on each page (mostly garbage collection) for minutes after visitors return.
// CommonJS, like the rest of the site's edge; the launcher and the image's CMD pass them too.
'use strict';

const SITE_V8_FLAGS = ['--no-memory-reducer'];

/** `execArgv` with the site's flags added where missing. */
const withSiteV8Flags = (execArgv) => [...execArgv, ...SITE_V8_FLAGS.filter((flag) => !execArgv.includes(flag))];

module.exports = { SITE_V8_FLAGS, withSiteV8Flags };
