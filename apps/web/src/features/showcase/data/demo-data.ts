/**
 * Built-in demonstration data: what a widget shows, under the spec's warning, when its sample API
 * cannot be reached. Each has the shape of its sample API's body.
 */
import type {
  AnalyticsSample,
  BankingSample,
  SocialPlatform,
  SocialSample,
  WeatherSample,
} from '@mocksmith/core/samples';

export const DEMO_WEATHER: WeatherSample = {
  location: {
    city: 'London',
    country: 'United Kingdom',
    coordinates: { lat: 51.5074, lon: -0.1278 },
  },
  current: {
    date: '2026-01-01',
    day: 'Thursday',
    temp: 6.3,
    feels_like: 2.8,
    humidity: 81,
    wind_speed: 14.2,
    wind_direction: 'SW',
    description: 'Light rain',
    condition: 'rainy',
  },
  forecast: [
    {
      date: '2026-01-02',
      day: 'Friday',
      temp_high: 7.4,
      temp_low: 1.9,
      condition: 'partly_cloudy',
    },
    { date: '2026-01-03', day: 'Saturday', temp_high: 6.1, temp_low: 2.3, condition: 'rainy' },
    { date: '2026-01-04', day: 'Sunday', temp_high: 5.8, temp_low: 1.2, condition: 'cloudy' },
    { date: '2026-01-05', day: 'Monday', temp_high: 8.2, temp_low: 0.9, condition: 'sunny' },
    { date: '2026-01-06', day: 'Tuesday', temp_high: 8.9, temp_low: 2.4, condition: 'sunny' },
  ],
};

export const DEMO_BANKING: BankingSample = {
  customerInfo: {
    name: 'Alex Morgan',
    customerId: '5f0c2a9e-7b1d-4c3e-9a6f-2d8b4e1c7a30',
    memberSince: '2019-04-12T09:30:00.000Z',
  },
  accounts: [
    {
      id: '4402178531',
      type: 'checking',
      balance: 4250.75,
      currency: 'USD',
      limit: null,
      dueDate: null,
      lastUpdated: '2025-12-31T18:20:00.000Z',
    },
    {
      id: '4402190264',
      type: 'savings',
      balance: 18340.2,
      currency: 'EUR',
      limit: null,
      dueDate: null,
      lastUpdated: '2025-12-30T08:05:00.000Z',
    },
    {
      id: '5391004417',
      type: 'credit',
      balance: 1275.4,
      currency: 'GBP',
      limit: 5000,
      dueDate: '2026-01-15T00:00:00.000Z',
      lastUpdated: '2025-12-31T21:45:00.000Z',
    },
  ],
  transactions: [
    {
      id: 'd1e0b5a2-3c4f-4e6a-8b9c-0a1b2c3d4e01',
      date: '2025-12-31T12:14:00.000Z',
      description: 'Grocery store',
      amount: 86.42,
      currency: 'USD',
      category: 'purchase',
      accountId: '4402178531',
    },
    {
      id: 'd1e0b5a2-3c4f-4e6a-8b9c-0a1b2c3d4e02',
      date: '2025-12-30T09:00:00.000Z',
      description: 'Salary',
      amount: 3200,
      currency: 'USD',
      category: 'deposit',
      accountId: '4402178531',
    },
    {
      id: 'd1e0b5a2-3c4f-4e6a-8b9c-0a1b2c3d4e03',
      date: '2025-12-29T19:32:00.000Z',
      description: 'Electricity bill',
      amount: 74.9,
      currency: 'USD',
      category: 'payment',
      accountId: '4402178531',
    },
    {
      id: 'd1e0b5a2-3c4f-4e6a-8b9c-0a1b2c3d4e04',
      date: '2025-12-28T14:05:00.000Z',
      description: 'Online bookshop',
      amount: 23.5,
      currency: 'GBP',
      category: 'purchase',
      accountId: '5391004417',
    },
    {
      id: 'd1e0b5a2-3c4f-4e6a-8b9c-0a1b2c3d4e05',
      date: '2025-12-27T10:40:00.000Z',
      description: 'Returned headphones',
      amount: 59.99,
      currency: 'GBP',
      category: 'refund',
      accountId: '5391004417',
    },
    {
      id: 'd1e0b5a2-3c4f-4e6a-8b9c-0a1b2c3d4e06',
      date: '2025-12-26T16:20:00.000Z',
      description: 'Monthly savings',
      amount: 500,
      currency: 'EUR',
      category: 'deposit',
      accountId: '4402190264',
    },
  ],
  insights: {
    monthlySpending: {
      total: 2140.35,
      categories: [
        { name: 'Groceries', amount: 612.4 },
        { name: 'Housing', amount: 950 },
        { name: 'Transport', amount: 184.25 },
        { name: 'Dining out', amount: 236.8 },
        { name: 'Entertainment', amount: 156.9 },
      ],
    },
    savingsGoal: { target: 25000, current: 18340.2, progress: 73.36 },
  },
};

export const DEMO_ANALYTICS: AnalyticsSample = {
  siteInfo: { domain: 'example-shop.com', siteId: 'G-DEMO4821XY', trackingSince: '2021-03-15' },
  visitorMetrics: {
    totalVisitors: 48250,
    bounceRate: 42.6,
    avgSessionDuration: 186,
    pageViews: 152430,
    previousMonth: {
      totalVisitors: 43120,
      bounceRate: 45.1,
      avgSessionDuration: 171,
      pageViews: 139870,
    },
  },
  trafficSources: {
    sources: [
      { name: 'Organic Search', percentage: 41.2 },
      { name: 'Direct', percentage: 24.8 },
      { name: 'Social', percentage: 14.5 },
      { name: 'Referral', percentage: 10.1 },
      { name: 'Email', percentage: 5.6 },
      { name: 'Paid Search', percentage: 3.8 },
    ],
  },
  dailyVisits: {
    data: [
      { date: '2025-12-26', visitors: 1420 },
      { date: '2025-12-27', visitors: 1185 },
      { date: '2025-12-28', visitors: 1096 },
      { date: '2025-12-29', visitors: 1712 },
      { date: '2025-12-30', visitors: 1804 },
      { date: '2025-12-31', visitors: 1538 },
      { date: '2026-01-01', visitors: 968 },
    ],
  },
  popularPages: {
    pages: [
      { path: '/', views: 38210, avgTimeOnPage: 48 },
      { path: '/products', views: 21460, avgTimeOnPage: 95 },
      { path: '/blog/winter-sale', views: 12875, avgTimeOnPage: 214 },
      { path: '/checkout', views: 6420, avgTimeOnPage: 132 },
      { path: '/about', views: 3190, avgTimeOnPage: 37 },
    ],
  },
  deviceBreakdown: {
    devices: [
      { type: 'Mobile', percentage: 54.3 },
      { type: 'Desktop', percentage: 39.8 },
      { type: 'Tablet', percentage: 5.9 },
    ],
  },
};

const DAILY_ENGAGEMENT = [
  { date: '2025-12-25', value: 412 },
  { date: '2025-12-26', value: 538 },
  { date: '2025-12-27', value: 366 },
  { date: '2025-12-28', value: 471 },
  { date: '2025-12-29', value: 602 },
  { date: '2025-12-30', value: 655 },
  { date: '2025-12-31', value: 498 },
];

/** One account of the demonstration, its figures scaled from the same week. */
function platform(
  name: string,
  username: string,
  followers: number,
  previousFollowers: number,
  engagement: number,
  scale: number,
): SocialPlatform {
  return {
    name,
    accountInfo: {
      username,
      displayName: 'Mocksmith Coffee Co.',
      createdAt: '2018-06-04T10:00:00.000Z',
      type: 'business',
      verified: name !== 'Instagram',
    },
    metrics: {
      followers,
      engagement,
      reach: Math.round(followers * 1.8),
      impressions: Math.round(followers * 3.1),
    },
    previousPeriod: {
      followers: previousFollowers,
      engagement: Math.round((engagement - 0.4) * 100) / 100,
      reach: Math.round(previousFollowers * 1.7),
      impressions: Math.round(previousFollowers * 3.2),
    },
    dailyEngagement: DAILY_ENGAGEMENT.map(({ date, value }) => ({
      date,
      value: Math.round(value * scale),
    })),
    demographics: [
      { age: '13-17', percentage: 4.1 },
      { age: '18-24', percentage: 21.7 },
      { age: '25-34', percentage: 34.2 },
      { age: '35-44', percentage: 20.5 },
      { age: '45-54', percentage: 12.3 },
      { age: '55+', percentage: 7.2 },
    ],
    engagementBreakdown: [
      { type: 'Likes', count: Math.round(2480 * scale), percentage: 70.1 },
      { type: 'Comments', count: Math.round(410 * scale), percentage: 11.6 },
      { type: 'Shares', count: Math.round(360 * scale), percentage: 10.2 },
      { type: 'Saves', count: Math.round(287 * scale), percentage: 8.1 },
    ],
    topPosts: [
      {
        content: 'Our winter blend is back! Cinnamon, orange peel and a dark roast. ☕',
        date: '2025-12-20',
        likes: Math.round(1840 * scale),
        comments: Math.round(126 * scale),
        shares: Math.round(94 * scale),
      },
      {
        content: 'Behind the scenes: how we roast 200 kg of beans every morning.',
        date: '2025-12-12',
        likes: Math.round(1215 * scale),
        comments: Math.round(88 * scale),
        shares: Math.round(61 * scale),
      },
      {
        content: 'Tip: let your pour-over bloom for 30 seconds before the main pour.',
        date: '2025-12-05',
        likes: Math.round(932 * scale),
        comments: Math.round(57 * scale),
        shares: Math.round(140 * scale),
      },
    ],
    contentCategories: [
      { name: 'Product Updates', postCount: 24, engagement: 4.8 },
      { name: 'Behind the Scenes', postCount: 16, engagement: 5.6 },
      { name: 'Tips & Tricks', postCount: 12, engagement: 6.2 },
    ],
  };
}

export const DEMO_SOCIAL: SocialSample = {
  platforms: [
    platform('Twitter', '@mocksmithcoffee', 18450, 17210, 2.4, 1),
    platform('Facebook', '@mocksmithcoffee', 32780, 32960, 1.6, 1.6),
    platform('Instagram', '@mocksmith.coffee', 54120, 48900, 4.9, 2.3),
  ],
};
