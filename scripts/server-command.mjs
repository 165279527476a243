// The production server's command line, after `node`: one place for `npm start`
// (scripts/start.mjs), the browser and process tests (e2e/server.ts), the benchmarks and the
// container image's CMD (Dockerfile, checked by e2e/container.test.ts).

/**
 * Node's options. `--min-semi-space-size=16` keeps V8's young generation at its full 16 MB per
 * semi-space: by default a server that has sat idle shrinks it to 1 MB (the memory reducer, or the
 * first scavenge after the idle spell), and under load it grows back only to 4–8 MB, so it
 * scavenges three times as often for as long as it runs (docs/decisions.md, "An idle server keeps
 * its young generation").
 */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--min-semi-space-size=16'];

export const SERVER_ARGS = [...SERVER_NODE_OPTIONS, 'apps/server/dist/server.js'];
