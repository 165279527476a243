/**
 * The sample response shapes of the spec's showcase (section 3) as ordered key lists: the
 * contract that the catalogue's showcase types and the server's sample APIs both keep. Tests only.
 */
export const showcaseKeys = {
  weather: {
    root: ['location', 'current', 'forecast'],
    location: ['city', 'country', 'coordinates'],
    coordinates: ['lat', 'lon'],
    current: [
      'date',
      'day',
      'temp',
      'feels_like',
      'humidity',
      'wind_speed',
      'wind_direction',
      'description',
      'condition',
    ],
    forecastDay: ['date', 'day', 'temp_high', 'temp_low', 'condition'],
  },
  analytics: {
    root: [
      'siteInfo',
      'visitorMetrics',
      'trafficSources',
      'dailyVisits',
      'popularPages',
      'deviceBreakdown',
    ],
    siteInfo: ['domain', 'siteId', 'trackingSince'],
    metrics: ['totalVisitors', 'bounceRate', 'avgSessionDuration', 'pageViews'],
  },
  social: {
    platform: [
      'name',
      'accountInfo',
      'metrics',
      'previousPeriod',
      'dailyEngagement',
      'demographics',
      'engagementBreakdown',
      'topPosts',
      'contentCategories',
    ],
    accountInfo: ['username', 'displayName', 'createdAt', 'type', 'verified'],
    metrics: ['followers', 'engagement', 'reach', 'impressions'],
    topPost: ['content', 'date', 'likes', 'comments', 'shares'],
    contentCategory: ['name', 'postCount', 'engagement'],
  },
} as const;
