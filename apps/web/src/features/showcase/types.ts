/**
 * The bodies of the four sample APIs as the widgets read them (spec section 3, "Sample response
 * shapes"). Only the fields a preview shows are typed; `utils/shapes.ts` checks them at run time.
 */

export interface WeatherDay {
  date: string;
  day: string;
  temp_high: number;
  temp_low: number;
  /** One of sunny, partly_cloudy, cloudy, rainy; anything else gets a plain cloud icon. */
  condition: string;
}

export interface WeatherBody {
  location: { city: string; country: string; coordinates?: { lat: number; lon: number } };
  current: {
    date: string;
    day: string;
    temp: number;
    feels_like: number;
    humidity: number;
    wind_speed: number;
    wind_direction: string;
    description: string;
    condition: string;
  };
  forecast: WeatherDay[];
}

export interface BankAccount {
  id: string;
  type: string;
  balance: number;
  currency: string;
  /** Credit accounts only; null otherwise. */
  limit: number | null;
  dueDate: string | null;
  lastUpdated: string;
}

export interface BankTransaction {
  id: string;
  date: string;
  description: string;
  amount: number;
  currency: string;
  category: string;
  accountId: string;
}

export interface SavingsGoal {
  target: number;
  current: number;
  progress: number;
}

export interface BankingBody {
  customerInfo: { name: string; customerId: string; memberSince: string };
  accounts: BankAccount[];
  transactions: BankTransaction[];
  insights: {
    monthlySpending: { total: number; categories: { name: string; amount: number }[] };
    savingsGoal: SavingsGoal;
  };
}

export interface VisitorMetrics {
  totalVisitors: number;
  bounceRate: number;
  /** Seconds. */
  avgSessionDuration: number;
  pageViews: number;
}

export interface AnalyticsBody {
  siteInfo: { domain: string; siteId: string; trackingSince: string };
  visitorMetrics: VisitorMetrics & { previousMonth: VisitorMetrics };
  trafficSources: { sources: { name: string; percentage: number }[] };
  dailyVisits: { data: { date: string; visitors: number }[] };
  /** `avgTimeOnPage` in seconds. */
  popularPages: { pages: { path: string; views: number; avgTimeOnPage: number }[] };
  deviceBreakdown: { devices: { type: string; percentage: number }[] };
}

export interface SocialMetrics {
  followers: number;
  /** Engagement rate in %. */
  engagement: number;
  reach: number;
  impressions: number;
}

export interface SocialPlatform {
  name: string;
  accountInfo: {
    username: string;
    displayName: string;
    createdAt: string;
    type: string;
    verified: boolean;
  };
  metrics: SocialMetrics;
  previousPeriod: SocialMetrics;
  dailyEngagement: { date: string; value: number }[];
  demographics: { age: string; percentage: number }[];
  engagementBreakdown: { type: string; count: number; percentage: number }[];
  topPosts: { content: string; date: string; likes: number; comments: number; shares: number }[];
  /** `engagement` in %. */
  contentCategories: { name: string; postCount: number; engagement: number }[];
}

export interface SocialBody {
  platforms: SocialPlatform[];
}
