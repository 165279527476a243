// The production server's command line, after `node`: one place for `npm start`
// (scripts/start.mjs), the browser and process tests (e2e/server.ts) and the container image's
// CMD (Dockerfile, checked by e2e/container.test.ts).
export const SERVER_ARGS = ['--enable-source-maps', 'apps/server/dist/server.js'];
