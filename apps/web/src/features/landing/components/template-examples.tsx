import { Link as RouterLink } from 'react-router';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { docsAnchor, docsAnchors } from '../../../config/paths.ts';
import { TEMPLATE_EXAMPLE_GROUPS, templateText } from '../lib/template-examples.ts';

/** Ready-made templates in three tabs, each one copyable into the editor. */
export function TemplateExamples() {
  return (
    <section aria-labelledby="template-examples-title" className="bg-slate-50 dark:bg-slate-900/50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="template-examples-title" className="text-3xl font-bold tracking-tight">
          Template Examples
        </h2>
        <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">
          Copy a template, paste it into the editor and press Generate. The{' '}
          <RouterLink
            to={docsAnchor(docsAnchors.arrayMultiplier)}
            className="text-indigo-700 underline dark:text-indigo-300"
          >
            array multiplier
          </RouterLink>{' '}
          and the{' '}
          <RouterLink
            to={docsAnchor(docsAnchors.types)}
            className="text-indigo-700 underline dark:text-indigo-300"
          >
            data type catalogue
          </RouterLink>{' '}
          are explained in the documentation.
        </p>
        <Tabs defaultValue={TEMPLATE_EXAMPLE_GROUPS[0]?.id} className="mt-6">
          <TabsList aria-label="Template examples">
            {TEMPLATE_EXAMPLE_GROUPS.map((group) => (
              <TabsTrigger key={group.id} value={group.id}>
                {group.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TEMPLATE_EXAMPLE_GROUPS.map((group) => (
            <TabsContent key={group.id} value={group.id}>
              <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{group.intro}</p>
              <div className="grid gap-6 lg:grid-cols-2">
                {group.examples.map((example) => (
                  <article key={example.id} className="flex min-w-0 flex-col gap-2">
                    <h3 className="text-lg font-semibold">{example.title}</h3>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {example.description}
                    </p>
                    <CodeBlock
                      code={templateText(example)}
                      label={`${example.title} template (JSON)`}
                      copyLabel={`Copy ${example.title} template`}
                    />
                  </article>
                ))}
              </div>
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </section>
  );
}
