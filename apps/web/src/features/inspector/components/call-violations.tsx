import { TriangleAlert } from 'lucide-react';

/**
 * How a call broke the OpenAPI spec its route was imported from (issue 40), one violation a
 * line, as the verification API words them; nothing when it broke none or its project does not
 * check calls.
 */
export function CallViolations({
  violations,
}: {
  violations: readonly string[] | null | undefined;
}) {
  if (!violations || violations.length === 0) return null;
  const count = violations.length;
  return (
    <section
      aria-labelledby="call-violations-title"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 id="call-violations-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        {count === 1 ? '1 violation of the spec' : `${count} violations of the spec`}
      </h3>
      <ul className="list-disc space-y-1 pl-5 font-mono [overflow-wrap:anywhere]">
        {violations.map((violation, index) => (
          // Two violations can read the same (one per item of a list): the place keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a logged call's list never changes.
          <li key={index}>{violation}</li>
        ))}
      </ul>
    </section>
  );
}
