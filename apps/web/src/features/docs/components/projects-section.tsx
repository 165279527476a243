import { Link as RouterLink } from 'react-router';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { docsAnchors, paths } from '../../../config/paths.ts';
import { backendExamples, EXAMPLE_PROJECT } from '../lib/backend-examples.ts';
import { MAX_ROUTES_TEXT } from '../lib/facts.ts';
import { CurlBlock } from './curl-block.tsx';
import { BulletList, Code, DocSection, SectionLink, SubHeading } from './doc-section.tsx';

/** Projects: a whole mock backend under one base URL, its routes and their responses. */
export function ProjectsSection({ origin, appOrigin }: { origin: string; appOrigin: string }) {
  const examples = backendExamples({ app: appOrigin, mock: origin });
  const base = `${origin}/p/${EXAMPLE_PROJECT.slug}`;
  return (
    <DocSection anchor={docsAnchors.projects}>
      <p>
        An API is one URL. A <strong>project</strong> is a whole mock backend under one base URL,{' '}
        <Code>{`${origin}/p/{slug}`}</Code>: point your front end’s base URL there and each of its
        calls finds its <strong>route</strong>, such as <Code>GET /users/{'{id}'}</Code> or{' '}
        <Code>POST /orders</Code>. Make one on the{' '}
        <RouterLink to={paths.dashboardProjects} className={textLinkClasses}>
          Projects
        </RouterLink>{' '}
        page of the dashboard (New project, then Add route), or from a terminal with an{' '}
        <SectionLink anchor={docsAnchors.apiKeys}>API key</SectionLink>:
      </p>
      <CurlBlock example={examples.projects.create} />
      <p>
        The answer holds the project’s <Code>id</Code> and <Code>baseUrl</Code> (<Code>{base}</Code>
        ). A slug is unique on this server: if <Code>shop</Code> is taken, choose another and use it
        in the URLs below. The next commands name the project by its id:
      </p>
      <CodeBlock
        code="export PROJECT_ID=the-id-of-the-answer"
        label="Keep the project's id (shell)"
        copyLabel="Copy the project id line"
      />
      <CurlBlock example={examples.projects.addRoute} />
      <CurlBlock example={examples.projects.call} />
      <p>
        It answers <Code>{'{"id": "42", "name": "…"}'}</Code>: a template reads the request that
        called it.
      </p>

      <SubHeading>Routes</SubHeading>
      <BulletList>
        <li>
          A path holds parameters, typed or not: <Code>/users/{'{id}'}</Code>,{' '}
          <Code>/users/{'{id:integer}'}</Code> (<Code>string</Code>, <Code>number</Code>,{' '}
          <Code>integer</Code>, <Code>boolean</Code>), and <Code>/files/*</Code> for any rest. A
          fixed path wins over a parameter (<Code>/users/me</Code> before{' '}
          <Code>/users/{'{id}'}</Code>); a trailing slash does not matter.
        </li>
        <li>
          A path no route has answers <Code>404</Code> naming the closest routes; another method
          answers <Code>405</Code> with <Code>Allow</Code>.
        </li>
        <li>
          A route has one or more named responses (a status, headers, a delay and a template); the
          default one answers, unless the route takes turns (in order or at random), a{' '}
          <SectionLink anchor={docsAnchors.rules}>rule</SectionLink> picks one, or the caller asks
          for one (<SectionLink anchor={docsAnchors.overrides}>overrides</SectionLink>). Every
          answer names its response in <Code>X-Mock-Response</Code>.
        </li>
        <li>
          Templates read the request: <Code>{'{{request.params.id}}'}</Code>,{' '}
          <Code>{'{{request.query.page}}'}</Code>, <Code>{'{{request.headers.x-tenant}}'}</Code>,{' '}
          <Code>{'{{request.body.name}}'}</Code>, <Code>{'{{request.method}}'}</Code> and{' '}
          <Code>{'{{request.path}}'}</Code>.
        </li>
        <li>
          Each route also answers its default response at its own <Code>/api/{'{requestId}'}</Code>{' '}
          URL, as an API does.
        </li>
        <li>
          A project imports an OpenAPI file (again and again: what an import made is updated, the
          rest kept) and exports OpenAPI 3.1 and a Postman collection. It holds at most{' '}
          {MAX_ROUTES_TEXT} routes.
        </li>
        <li>
          A project imported from OpenAPI can check calls against the spec (its Settings, or{' '}
          <Code>settings.validation</Code>): path, query and header parameters, the credential its
          security asks for, and the body. <Code>report</Code> answers as usual with{' '}
          <Code>X-Mock-Violations</Code> (how many) and lists them in the inspector;{' '}
          <Code>enforce</Code> refuses with 400, 401 or 422 and a problem body listing them, such as{' '}
          <Code>query.limit: must be an integer, got "ten"</Code>.
        </li>
      </BulletList>
    </DocSection>
  );
}
