import { Share2 } from 'lucide-react';
import type { ReactElement, SVGProps } from 'react';
import { cn } from '../../../lib/cn.ts';
import { conditionLook } from '../utils/labels.ts';

/** The icon of a weather condition, from the conditions' table (a plain cloud for another). */
export function ConditionIcon({ condition, className }: { condition: string; className?: string }) {
  const { icon: Icon, colorClass } = conditionLook(condition);
  return <Icon aria-hidden="true" className={cn(colorClass, className)} />;
}

function Svg({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Outline marks of the social platforms, drawn like the app's other icons. */
const PLATFORM_ICONS: Record<string, (props: SVGProps<SVGSVGElement>) => ReactElement> = {
  Twitter: (props) => (
    <Svg {...props}>
      <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
    </Svg>
  ),
  Facebook: (props) => (
    <Svg {...props}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Svg>
  ),
  Instagram: (props) => (
    <Svg {...props}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </Svg>
  ),
  LinkedIn: (props) => (
    <Svg {...props}>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </Svg>
  ),
  YouTube: (props) => (
    <Svg {...props}>
      <path d="M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </Svg>
  ),
};

/** The mark of a platform (Twitter, Facebook, Instagram, LinkedIn, YouTube), or a share icon. */
export function PlatformIcon({ name, className }: { name: string; className?: string }) {
  const Icon = PLATFORM_ICONS[name];
  if (!Icon) return <Share2 aria-hidden="true" className={className} />;
  return <Icon className={className} />;
}
