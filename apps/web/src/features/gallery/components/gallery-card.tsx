import type { GalleryTemplate } from '@mocksmith/core/gallery';
import { galleryMessages, TEMPLATE_CATEGORIES } from '@mocksmith/core/texts';
import { BadgeCheck, Copy, Eye, Flag, Heart } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useLikeTemplate } from '../api/like-template.ts';
import { useUseTemplate } from '../api/use-template.ts';
import { galleryTexts } from '../texts.ts';
import { cardTags, likesText } from '../utils/card.ts';
import { copyFailureText, isBannedAnswer, likeFailureText } from '../utils/errors.ts';
import { CategoryIcon } from './category-icon.tsx';

/**
 * One template of the gallery. Everything its author wrote (name, description, tags, username)
 * is rendered as text, never as HTML or a link. Report is not offered on one's own templates nor
 * on official ones (the server refuses both).
 */
export function GalleryCard({
  template,
  onPreview,
  onReport,
  onUsed,
}: {
  template: GalleryTemplate;
  onPreview: (template: GalleryTemplate) => void;
  onReport: (template: GalleryTemplate) => void;
  onUsed?: () => unknown;
}) {
  const titleId = useId();
  const [like, setLike] = useState({
    liked: template.userHasLiked,
    count: template.likesCount,
  });
  const likeCall = useLikeTemplate();
  const useCall = useUseTemplate({ onUsed });
  const { shown, more } = cardTags(template.tags);
  const categoryLabel =
    TEMPLATE_CATEGORIES.find((category) => category.value === template.category)?.label ??
    template.category;

  function handleLike() {
    if (likeCall.isPending) return;
    likeCall.mutate(template.id, {
      onSuccess: (result) => {
        const liked = result.action === 'liked';
        setLike({ liked, count: result.newLikesCount });
        toast.success(liked ? galleryMessages.liked : galleryMessages.unliked);
      },
      onError: (error) => {
        if (!isBannedAnswer(error)) toast.error(likeFailureText(error));
      },
    });
  }

  function handleUse() {
    // One copy per click: repeat clicks while the call runs are ignored.
    if (useCall.isPending) return;
    useCall.mutate(template.id, {
      onSuccess: () => toast.success(galleryMessages.used(template.name)),
      onError: (error) => {
        if (!isBannedAnswer(error)) toast.error(copyFailureText(error));
      },
    });
  }

  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="flex size-8 items-center justify-center rounded-md bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
          title={categoryLabel}
        >
          <CategoryIcon category={template.category} className="size-4" />
          <span className="sr-only">{categoryLabel}</span>
        </span>
        <MethodBadge method={template.requestEnum} />
        {template.isOfficial ? (
          <span className="inline-flex items-center gap-1 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            Official
          </span>
        ) : null}
      </div>
      <div className="min-w-0 space-y-1">
        <h2 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {template.name}
        </h2>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          {template.description}
        </p>
      </div>
      {template.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {shown.map((tag) => (
            <li
              key={tag}
              className="max-w-full rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800 [overflow-wrap:anywhere] dark:bg-slate-800 dark:text-slate-200"
            >
              {tag}
            </li>
          ))}
          {more > 0 ? (
            <li
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
              title={template.tags.slice(shown.length).join(', ')}
            >
              +{more}
            </li>
          ) : null}
        </ul>
      ) : null}
      <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span>{likesText(like.count)}</span>
        <span className="[overflow-wrap:anywhere]">by {template.author.username}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={like.liked}
          onClick={handleLike}
          disabled={likeCall.isPending}
        >
          <Heart
            className={cn('size-4', like.liked && 'fill-red-500 text-red-500')}
            aria-hidden="true"
          />
          {like.liked ? 'Liked' : 'Like'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onPreview(template)}>
          <Eye className="size-4" aria-hidden="true" />
          Preview
        </Button>
        <Button size="sm" onClick={handleUse} aria-disabled={useCall.isPending || undefined}>
          <Copy className="size-4" aria-hidden="true" />
          {useCall.isPending ? galleryTexts.using : 'Use Template'}
        </Button>
        {template.userIsAuthor || template.isOfficial ? null : (
          <Button variant="ghost" size="sm" onClick={() => onReport(template)}>
            <Flag className="size-4" aria-hidden="true" />
            Report
          </Button>
        )}
      </div>
    </article>
  );
}
