/** The showcase's texts; the warnings are the spec's, word for word (section 8). */
export const showcaseTexts = {
  weatherFallback: 'Unable to load weather data. Using demonstration data instead.',
  bankingFallback: 'Unable to load banking data. Using demonstration data instead.',
  analyticsFallback: 'Unable to load analytics data. Using demonstration data instead.',
  socialFallback: 'Unable to load social media data. Using demonstration data instead.',
  comingSoon: 'Coming Soon',
} as const;
