import { docsAnchors } from '../../../config/paths.ts';
import { backendExamples, EXAMPLE_PROJECT, EXAMPLE_SESSION } from '../lib/backend-examples.ts';
import { MAX_RECORD_KIB, MAX_RECORDS_TEXT } from '../lib/facts.ts';
import { CurlBlock } from './curl-block.tsx';
import { BulletList, Code, DocSection, SubHeading } from './doc-section.tsx';

/** Collections: a project's resources with state, and the sessions that keep it apart. */
export function CollectionsSection({ origin, appOrigin }: { origin: string; appOrigin: string }) {
  const examples = backendExamples({ app: appOrigin, mock: origin });
  const base = `${origin}/p/${EXAMPLE_PROJECT.slug}`;
  return (
    <DocSection anchor={docsAnchors.collections}>
      <p>
        A route answers what its template makes. A <strong>collection</strong> remembers: from the
        template of one record and a number of seeded records, it answers a list, adds, changes and
        deletes records, as json-server does. Add one on the project’s page (Collections, New
        collection), or:
      </p>
      <CurlBlock example={examples.collections.create} />
      <CurlBlock example={examples.collections.list} />
      <BulletList>
        <li>
          <Code>GET /orders</Code> lists (filters such as <Code>?status=paid</Code> and{' '}
          <Code>?total_gte=100</Code>, <Code>?name_like=^A</Code> a regular expression run by RE2 in
          linear time, <Code>q=</Code> to search, <Code>_sort</Code>, <Code>_order</Code>,{' '}
          <Code>_page</Code>, <Code>_limit</Code>, with <Code>X-Total-Count</Code> and{' '}
          <Code>Link</Code>; <Code>_expand</Code> and <Code>_embed</Code> bring related records);{' '}
          <Code>POST</Code> adds (<Code>201</Code>); <Code>GET</Code>, <Code>PUT</Code>,{' '}
          <Code>PATCH</Code> and <Code>DELETE</Code> <Code>/orders/{'{id}'}</Code> read and change
          one (<Code>404</Code>, <Code>409</Code>, and <Code>422</Code> naming each wrong field).
        </li>
        <li>
          A field <Code>"ref:users.id"</Code> takes the id of a record of the <Code>users</Code>{' '}
          collection. The seeded records are the same on every server and after a restart.{' '}
          <Code>GET /users/{'{id}'}/orders</Code> lists a user’s orders and <Code>POST</Code> there
          adds one with its <Code>userId</Code> set, as json-server does. Deleting a user deletes
          its orders only when the <Code>users</Code> collection cascades (set on the referenced
          collection).
        </li>
        <li>
          A project (its Settings) or one collection can require{' '}
          <Code>Authorization: Bearer mck_…</Code>, as a route can. Without a token, one address
          starts a bounded number of new sessions an hour, and strangers’ sessions never push out
          the ones you made or named.
        </li>
        <li>
          At most {MAX_RECORDS_TEXT} records per collection and session, {MAX_RECORD_KIB} KiB a
          record.
        </li>
      </BulletList>

      <SubHeading>Sessions</SubHeading>
      <p>
        A call with <Code>X-Mock-Session: NAME</Code> (or <Code>?__session=NAME</Code>) reads and
        writes its own copy of every collection of the project, so that two CI runs, or two
        developers, never see each other’s changes. An order added in the session{' '}
        <Code>{EXAMPLE_SESSION}</Code> gets the next id, 21:
      </p>
      <CurlBlock example={examples.collections.add} />
      <CurlBlock example={examples.collections.readInSession} />
      <CurlBlock example={examples.collections.readShared} />
      <p>
        <Code>{`POST ${base}/__reset`}</Code> puts a session (or, without one, the shared state)
        back to the seeded records. The project’s page lists its sessions, with their last use and
        the records they changed, to reset or delete; so does the management API:
      </p>
      <CurlBlock example={examples.collections.reset} />
      <CurlBlock example={examples.collections.sessions} />
      <p>A session unused for 24 hours is deleted; a project keeps at most 1,000.</p>
    </DocSection>
  );
}
