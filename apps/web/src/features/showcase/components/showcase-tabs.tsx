import { CloudSun, Landmark, LineChart, ListTodo, MessagesSquare } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { showcaseTexts } from '../texts.ts';
import { AnalyticsWidget } from './analytics-widget.tsx';
import { BankingWidget } from './banking-widget.tsx';
import { WeatherWidget } from './weather-widget.tsx';

const WIDGETS = [
  { value: 'weather', label: 'Weather', icon: CloudSun, Widget: WeatherWidget },
  { value: 'banking', label: 'Banking', icon: Landmark, Widget: BankingWidget },
  { value: 'analytics', label: 'Analytics', icon: LineChart, Widget: AnalyticsWidget },
] as const;

const COMING_SOON = [
  { value: 'todo', label: 'Todo List', icon: ListTodo },
  { value: 'chat', label: 'Chat', icon: MessagesSquare },
] as const;

/**
 * The showcase's tabs: Weather, Banking, Analytics, and Todo List and Chat shown as Coming Soon
 * and disabled. Only the open tab's widget is mounted, so opening a tab loads its API afresh.
 */
export function ShowcaseTabs() {
  return (
    <Tabs defaultValue="weather">
      <TabsList aria-label="Example widgets">
        {WIDGETS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value} className="inline-flex items-center gap-2">
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </TabsTrigger>
        ))}
        {COMING_SOON.map(({ value, label, icon: Icon }) => (
          <TabsTrigger
            key={value}
            value={value}
            disabled
            className="inline-flex items-center gap-2"
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
              {showcaseTexts.comingSoon}
            </span>
          </TabsTrigger>
        ))}
      </TabsList>
      {WIDGETS.map(({ value, Widget }) => (
        <TabsContent key={value} value={value} className="mt-8">
          <Widget />
        </TabsContent>
      ))}
    </Tabs>
  );
}
