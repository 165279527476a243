import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  use,
  useCallback,
  useId,
  useMemo,
  useState,
} from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Tabs as WAI-ARIA's tabs pattern has them, with automatic activation: the arrow keys move between
 * the enabled tabs (wrapping), Home and End go to the ends, and the tab focused is the tab shown.
 * Only the shown tab's panel is mounted. Ours rather than a library's: these tabs are on every
 * public page, and Radix's panel measured its node's animation in a ref at mount, which forced a
 * style recalculation and a second, synchronous render in the hydration's commit (decisions.md).
 */
interface TabsContextValue {
  value: string | undefined;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = use(TabsContext);
  if (!context) throw new Error(`${part} must be inside <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  /** The shown tab, when the caller holds it (with `onValueChange`). */
  value?: string;
  /** The tab shown first, when the tabs hold their own state. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, children, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const shown = value ?? own;
  const baseId = useId();
  const select = useCallback(
    (next: string) => {
      if (next === shown) return;
      setOwn(next);
      onValueChange?.(next);
    },
    [shown, onValueChange],
  );
  const context = useMemo(() => ({ value: shown, select, baseId }), [shown, select, baseId]);
  return (
    <TabsContext value={context}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Moves the focus (and so the shown tab) along this list's enabled tabs. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const move = KEY_MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const list = event.currentTarget;
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')].filter(
    (tab) => tab.closest('[role="tablist"]') === list,
  );
  if (tabs.length === 0) return;
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const next = current === -1 ? 0 : move(current, tabs.length);
  event.preventDefault();
  tabs[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        'inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

type TabsTriggerProps = Omit<ComponentProps<'button'>, 'value'> & { value: string };

export function TabsTrigger({
  value,
  className,
  disabled,
  onFocus,
  onClick,
  ...props
}: TabsTriggerProps) {
  const { value: shown, select, baseId } = useTabs('TabsTrigger');
  const selected = value === shown;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      // One tab stop for the list: the shown tab; the arrows reach the others.
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 transition-colors',
        'hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        'data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm',
        'dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-indigo-300',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      // Pressed or reached with the arrows, the tab is focused, and a focused tab is shown.
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) select(value);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!disabled) select(value);
      }}
      {...props}
    />
  );
}

type TabsContentProps = Omit<ComponentProps<'div'>, 'value'> & { value: string };

export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const { value: shown, baseId } = useTabs('TabsContent');
  if (value !== shown) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state="active"
      data-orientation="horizontal"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the pattern's panel takes the focus after its tab
      tabIndex={0}
      className={cn(
        'mt-4 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        className,
      )}
      {...props}
    />
  );
}
