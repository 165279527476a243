/** How to bring the downloaded file into Postman and run it. */
export function ImportSteps() {
  return (
    <section
      aria-labelledby="postman-import-steps"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="postman-import-steps" className="text-lg font-semibold">
        How to import into Postman
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Select the APIs to export, name the collection and click Download.</li>
        <li>
          Open Postman and click <strong>Import</strong> (top left of your workspace).
        </li>
        <li>
          Drop the downloaded <code className="font-mono">.postman_collection.json</code> file on
          the Import window, or click <strong>files</strong> to choose it, then confirm with{' '}
          <strong>Import</strong>.
        </li>
        <li>
          Open the collection: each API is a request, with its current response saved as an example.
          Its <strong>Variables</strong> tab holds <code className="font-mono">baseUrl</code> (where
          the mock APIs live) and the bearer token of each protected API.
        </li>
        <li>
          Click <strong>Send</strong> on a request, or <strong>Run</strong> the whole collection:
          each request's tests check its status code and that its body is JSON.
        </li>
      </ol>
    </section>
  );
}
