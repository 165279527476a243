import { ArrowDown } from 'lucide-react';
import { textLinkClasses } from '../../components/ui/text-link.ts';
import { publicPages } from '../../config/pages.ts';
import { ShowcaseTabs } from '../../features/showcase/components/showcase-tabs.tsx';
import { SocialWidget } from '../../features/showcase/components/social-widget.tsx';
import { usePageMeta } from '../../hooks/use-document-title.ts';

const SOCIAL_ID = 'social-media';

export default function ExamplesRoute() {
  usePageMeta(publicPages.examples);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Examples</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600 dark:text-slate-300">
        Live widgets fed by Mocksmith's public sample APIs. Each one calls its API when you open it;
        copy its JSON template to build an API of the same shape in seconds.
      </p>
      <p className="mt-2 text-sm">
        <a href={`#${SOCIAL_ID}`} className={`${textLinkClasses} inline-flex items-center gap-1`}>
          <ArrowDown className="size-4" aria-hidden="true" />
          See also the social media widget
        </a>
      </p>
      <div className="mt-8">
        <ShowcaseTabs />
      </div>
      <div className="mt-16 border-t border-slate-200 pt-12 dark:border-slate-800">
        <SocialWidget id={SOCIAL_ID} />
      </div>
    </div>
  );
}
