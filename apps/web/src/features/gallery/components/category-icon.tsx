import {
  ChartColumn,
  KeyRound,
  type LucideIcon,
  Newspaper,
  Shapes,
  ShoppingCart,
  Users,
} from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  blog: Newspaper,
  ecommerce: ShoppingCart,
  social: Users,
  analytics: ChartColumn,
  auth: KeyRound,
  other: Shapes,
};

/** The icon of a gallery category (Other's for an unknown one). */
export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = icons[category] ?? Shapes;
  return <Icon className={className} aria-hidden="true" />;
}
