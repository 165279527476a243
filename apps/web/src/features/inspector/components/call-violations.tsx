import { TriangleAlert } from 'lucide-react';

/** The words of a count of violations, for the list's mark and the call's section. */
export function violationsText(count: number): string {
  return count === 1 ? '1 violation of the spec' : `${count} violations of the spec`;
}

/** A row's mark of a call that broke the spec: a warning sign and the count, named in words. */
export function ViolationsMark({
  violations,
}: {
  violations: readonly string[] | null | undefined;
}) {
  if (!violations || violations.length === 0) return null;
  return <CountMark count={violations.length} text={violationsText(violations.length)} />;
}

/** A row's mark of a forwarded call whose real answer disagrees with the spec (drift). */
export function DriftMark({ drift }: { drift: readonly string[] | null | undefined }) {
  if (!drift || drift.length === 0) return null;
  return <CountMark count={drift.length} text={driftText(drift.length)} />;
}

function CountMark({ count, text }: { count: number; text: string }) {
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      className="ml-1 inline-flex items-center gap-0.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-300"
    >
      <TriangleAlert className="size-3" aria-hidden="true" />
      {count}
    </span>
  );
}

/** The words of a count of drifts: where a forwarded answer disagrees with the spec. */
export function driftText(count: number): string {
  return count === 1
    ? 'The real API disagrees with its spec in 1 place'
    : `The real API disagrees with its spec in ${count} places`;
}

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
  return (
    <SpecFindings id="call-violations-title" title={violationsText(violations.length)}>
      {violations}
    </SpecFindings>
  );
}

/**
 * Where a forwarded call's answer (the real API's) disagrees with the response schema of its
 * project's spec (drift, issue 40), one field a line; nothing when it agrees or was not checked.
 */
export function CallDrift({ drift }: { drift: readonly string[] | null | undefined }) {
  if (!drift || drift.length === 0) return null;
  return (
    <SpecFindings id="call-drift-title" title={driftText(drift.length)}>
      {drift}
    </SpecFindings>
  );
}

/** A titled list of what disagrees with the spec, one finding a line, in the API's words. */
function SpecFindings({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: readonly string[];
}) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        {title}
      </h3>
      <ul className="list-disc space-y-1 pl-5 font-mono [overflow-wrap:anywhere]">
        {children.map((finding, index) => (
          // Two findings can read the same (one per item of a list): the place keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a logged call's list never changes.
          <li key={index}>{finding}</li>
        ))}
      </ul>
    </section>
  );
}
