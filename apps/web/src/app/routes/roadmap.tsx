import { publicPages } from '../../config/pages.ts';
import { Changelog, DevLog, RoadmapFeatures } from '../../features/roadmap/components/roadmap.tsx';
import { usePageMeta } from '../../hooks/use-document-title.ts';

export default function RoadmapRoute() {
  usePageMeta(publicPages.roadmap);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Roadmap</h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
          What Mocksmith does today, what we are building now, and what comes next.
        </p>
      </div>
      <RoadmapFeatures />
      <div className="grid gap-10 lg:grid-cols-2">
        <DevLog />
        <Changelog />
      </div>
    </div>
  );
}
