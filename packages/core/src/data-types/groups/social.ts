import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import {
  FIRST_NAMES,
  FIRST_SLUGS,
  fullName,
  LAST_NAMES,
  LAST_SLUGS,
  proportions,
  uuid,
} from '../sources.ts';
import { type DataType, type GenContext, typeGroup } from '../types.ts';

const t = typeGroup('social');

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** The platforms of the analytics shapes, with their launch year and typical engagement rate. */
const PLATFORMS = [
  { name: 'Twitter', launched: 2006, engagement: [0.4, 3] },
  { name: 'Facebook', launched: 2004, engagement: [0.5, 4] },
  { name: 'Instagram', launched: 2010, engagement: [1, 6] },
  { name: 'LinkedIn', launched: 2003, engagement: [1.5, 5.5] },
  { name: 'YouTube', launched: 2005, engagement: [2, 8] },
] as const;
type Platform = (typeof PLATFORMS)[number];

/** Audience weights per platform over the age groups, youngest first. */
const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55+'];
const AGE_WEIGHTS: Record<Platform['name'], readonly number[]> = {
  Twitter: [4, 22, 32, 20, 12, 10],
  Facebook: [3, 16, 28, 22, 16, 15],
  Instagram: [8, 30, 32, 16, 8, 6],
  LinkedIn: [1, 20, 36, 24, 12, 7],
  YouTube: [10, 22, 27, 18, 13, 10],
};

/** Kinds of interaction and their usual share of the total. */
const INTERACTIONS = [
  ['Likes', 70],
  ['Comments', 12],
  ['Shares', 10],
  ['Saves', 8],
] as const;

const ALL_PLATFORMS = [
  'Twitter',
  'Facebook',
  'Instagram',
  'LinkedIn',
  'YouTube',
  'TikTok',
  'Pinterest',
  'Reddit',
  'Snapchat',
  'Threads',
];

const ACCOUNT_TYPES = ['personal', 'personal', 'creator', 'business'];

const POST_TYPES = ['text', 'image', 'video', 'reel', 'story', 'poll'];

const REACTIONS = [
  'like',
  'like',
  'like',
  'love',
  'love',
  'haha',
  'wow',
  'sad',
  'angry',
  'care',
  'celebrate',
  'support',
  'insightful',
];

const CONTENT_CATEGORIES = [
  'Product Updates',
  'Behind the Scenes',
  'Tutorials',
  'Industry News',
  'Customer Stories',
  'Events',
  'Promotions',
  'Memes & Humor',
  'Team Culture',
  'Tips & Tricks',
  'Live Q&A',
  'User-Generated Content',
];

const HASHTAG_WORDS = [
  'MondayMotivation',
  'ThrowbackThursday',
  'TravelTuesday',
  'WellnessWednesday',
  'FridayFeeling',
  'WeekendVibes',
  'OOTD',
  'Foodie',
  'PhotoOfTheDay',
  'InstaGood',
  'Tech',
  'AI',
  'MachineLearning',
  'WebDev',
  'JavaScript',
  'TypeScript',
  'OpenSource',
  'Startup',
  'Marketing',
  'DigitalMarketing',
  'Fitness',
  'Yoga',
  'Travel',
  'Wanderlust',
  'Nature',
  'Sunset',
  'Coffee',
  'Books',
  'Music',
  'Art',
  'Design',
  'UX',
  'Photography',
  'Summer',
  'Motivation',
  'Inspiration',
  'SelfCare',
  'Gaming',
  'ClimateAction',
  'Sustainability',
  'SmallBusiness',
  'Hiring',
  'RemoteWork',
  'Productivity',
  'Leadership',
  'CareerAdvice',
  'HomeCooking',
  'PlantBased',
  'DogsOfInstagram',
  'CatsOfTwitter',
];
const HASHTAGS = HASHTAG_WORDS.map((word) => `#${word}`);

const TRENDING_TOPICS = [
  'Super Bowl',
  'Met Gala',
  'Champions League Final',
  'Eurovision',
  'Black Friday',
  'Earth Day',
  'The Oscars',
  'Fashion Week',
  'World Cup qualifiers',
  'Solar eclipse',
  'Heatwave',
  'Election night',
  'AI regulation',
  'Remote work',
  'New iPhone',
  'Season finale',
  'Transfer deadline day',
  'Marathon Monday',
  'Taylor Swift tour',
  'Prime Day',
  'Grammys',
  'Cyber Monday',
  'Northern lights',
  'Snow day',
];

const LOCATIONS = [
  'Austin, TX',
  'Brooklyn, NY',
  'San Francisco, CA',
  'Seattle, WA',
  'Chicago, IL',
  'Denver, CO',
  'Miami, FL',
  'Los Angeles, CA',
  'Portland, OR',
  'Toronto, Canada',
  'Vancouver, Canada',
  'London, UK',
  'Manchester, UK',
  'Dublin, Ireland',
  'Berlin, Germany',
  'Amsterdam, Netherlands',
  'Paris, France',
  'Lisbon, Portugal',
  'Barcelona, Spain',
  'Stockholm, Sweden',
  'Tokyo, Japan',
  'Seoul, South Korea',
  'Singapore',
  'Sydney, Australia',
  'Melbourne, Australia',
  'Auckland, New Zealand',
  'Cape Town, South Africa',
  'Lagos, Nigeria',
  'Mexico City, Mexico',
  'São Paulo, Brazil',
  'Buenos Aires, Argentina',
  'Mumbai, India',
  'Bangalore, India',
  'Dubai, UAE',
];
const CITIES = LOCATIONS.map((place) => place.split(',')[0] ?? place);

/** Emojis people actually put in posts and comments. */
const POST_EMOJIS = [
  '🔥',
  '🙌',
  '✨',
  '🚀',
  '❤️',
  '😂',
  '👏',
  '💯',
  '🎉',
  '☕',
  '😍',
  '🙏',
  '💪',
  '🤯',
  '👀',
  '🥳',
  '😅',
  '🌞',
  '📸',
  '💡',
];

const EMOJIS: readonly string[] = (
  ['smiley', 'nature', 'food', 'activity', 'travel', 'object'] as const
).flatMap((type) => definitions.internet.emoji?.[type] ?? []);

const ROLES = [
  'Product designer',
  'Software engineer',
  'Marketing lead',
  'Photographer',
  'Travel writer',
  'Founder',
  'Data scientist',
  'Nurse',
  'Teacher',
  'Chef',
  'Fitness coach',
  'Illustrator',
  'Community manager',
  'Journalist',
  'Architect',
  'Podcaster',
  'Student',
  'Developer advocate',
  'Barista',
  'Musician',
];

const COMPANY_SUFFIXES = ['Labs', 'Studio', '& Co.', 'Media', 'Group', 'Collective', 'HQ'];

const INTERESTS = [
  'Coffee lover ☕',
  'Dog mom 🐶',
  'Dog dad 🐕',
  'Marathon runner',
  'Plant parent 🌿',
  'Bookworm 📚',
  'Amateur chef',
  'Travel addict ✈️',
  'Cat person 🐱',
  'Vinyl collector',
  'Weekend hiker ⛰️',
  'Tea over coffee',
  'Board game nerd',
  'Sourdough enthusiast',
  'Cyclist 🚴',
  'Film photographer',
  'Yoga every morning',
  'Sci-fi fan',
];

const BIO_ENDINGS = [
  'Opinions are my own.',
  'Views my own.',
  'DMs open.',
  'Building in public.',
  'she/her',
  'he/him',
  'they/them',
  'Links below 👇',
  'Making the internet a little nicer.',
];

const ACTIVITIES = [
  'hiking',
  'baking sourdough',
  'rearranging my bookshelf',
  'exploring the farmers market',
  'learning to surf',
  'painting the living room',
  'binge-watching documentaries',
  'training for a half marathon',
  'cleaning out my inbox',
  'trying new recipes',
  'camping by the lake',
  'discovering jazz bars',
];

const FEATURES = [
  'dark mode',
  'our new onboarding flow',
  'a redesigned dashboard',
  'offline support',
  'the mobile app',
  'two-factor login',
  'a faster search',
  'our public API',
];

const FOODS = [
  'ramen',
  'tacos al pastor',
  'a cardamom bun',
  'Neapolitan pizza',
  'pho',
  'matcha tiramisu',
  'dim sum',
  'a smash burger',
];

const TOPICS = [
  'remote work',
  'building a startup',
  'public speaking',
  'running my first marathon',
  'learning Spanish',
  'managing a team',
  'freelancing',
  'moving abroad',
  'open source',
  'design systems',
];

const OPINIONS = [
  'pineapple belongs on pizza',
  'meetings should be 15 minutes, tops',
  'tabs are better than spaces',
  'breakfast for dinner is elite',
  'the sequel was better',
  'every app needs a dark mode',
  'Mondays are underrated',
];

const SELF_CARE = ['take a walk', 'call a friend', 'log off early', 'stretch', 'get some sun'];

const MILESTONES = [
  'started my first job',
  'moved to a new city',
  'launched my first app',
  'adopted my dog',
  'ran my first 10k',
  'wrote my first line of code',
];

const TASKS = ['emails', 'code reviews', 'everything else', 'the to-do list', 'meetings'];

const POST_ENDINGS = [
  'More soon!',
  'Thoughts?',
  'Link in bio.',
  'Who is with me?',
  'Let me know in the comments.',
  "Can't wait for the next one.",
  '',
  '',
  '',
];

type Phrase = (r: Random) => string;

const POST_SENTENCES: readonly Phrase[] = [
  (r) => `Just shipped ${r.pick(FEATURES)} and I'm so proud of the team`,
  (r) => `Spent the weekend ${r.pick(ACTIVITIES)} and honestly needed it`,
  (r) => `Finally tried ${r.pick(FOODS)} in ${r.pick(CITIES)} and wow`,
  (r) => `Hot take: ${r.pick(OPINIONS)}`,
  (r) => `${r.int(2, 10)} years ago today I ${r.pick(MILESTONES)}. Time flies`,
  (r) => `Reminder to drink some water and ${r.pick(SELF_CARE)} today`,
  (r) => `Who else is ${r.pick(ACTIVITIES)} this weekend?`,
  (r) => `New blog post: ${r.int(3, 12)} lessons from ${r.pick(TOPICS)}`,
  (r) => `We're hiring! Looking for a ${r.pick(ROLES).toLowerCase()} to join us`,
  (r) => `The morning view from ${r.pick(CITIES)} never gets old`,
  (r) => `Coffee first, ${r.pick(TASKS)} second`,
  (r) => `Thank you for ${r.int(1, 250)}k followers! It means the world`,
  (r) => `Does anyone have recommendations for ${r.pick(FOODS)} in ${r.pick(CITIES)}?`,
  (r) => `Day ${r.int(2, 100)} of ${r.pick(ACTIVITIES)} and still loving it`,
  (r) => `Can't stop thinking about ${r.pick(TOPICS)} lately`,
  (r) => `Quick thread on ${r.pick(TOPICS)}, from someone who learned the hard way`,
];

const COMMENTS: readonly Phrase[] = [
  () => 'This is amazing!',
  () => 'Love this',
  () => 'So true!',
  (r) => `Congrats ${r.pick(FIRST_NAMES)}!`,
  () => 'Where is this?',
  () => 'Need this in my life',
  () => 'Great tips, thanks for sharing',
  () => "Couldn't agree more",
  () => 'Saving this for later',
  () => 'This made my day',
  () => 'Can you share the recipe?',
  () => 'Happy for you!',
  () => 'Wait, how did I not know this?',
  () => 'Underrated post',
  () => 'Big if true',
  () => 'Respectfully, I disagree',
  (r) => `${r.int(2, 10)}/10 would recommend`,
  (r) => `Been ${r.pick(ACTIVITIES)} too, it's the best`,
  (r) => `Going to ${r.pick(CITIES)} next month, any tips?`,
  () => 'Following for part two',
];

const AVATAR_STYLES = ['avataaars', 'lorelei', 'notionists', 'personas', 'thumbs'];

const USERNAME_WORDS = [
  'codes',
  'travels',
  'bakes',
  'writes',
  'designs',
  'runs',
  'eats',
  'daily',
  'official',
  'studio',
  'hq',
  'ig',
];

/** Twitter's epoch, for snowflake IDs. */
const SNOWFLAKE_EPOCH = 1288834974657;
const SHORTCODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A whole number spread evenly over orders of magnitude from `min` to `max`. */
function logInt(random: Random, min: number, max: number): number {
  return Math.round(min * (max / min) ** random.next());
}

/** A handle without the @: "jane_doe", "janedoe87", "jane.codes"... */
function handle(random: Random): string {
  const first = random.pick(FIRST_SLUGS);
  const last = random.pick(LAST_SLUGS);
  switch (random.int(0, 6)) {
    case 0:
    case 1:
      return `${first}_${last}`;
    case 2:
      return `${first}${last}${random.int(1, 99)}`;
    case 3:
      return `${first}${random.pick(USERNAME_WORDS)}`;
    case 4:
      return `the${first}${last}`;
    case 5:
      return `${first.charAt(0)}${last}`;
    default:
      return `${first}_${random.int(1970, 2008)}`;
  }
}

function username(random: Random): string {
  return `@${handle(random)}`;
}

function displayName(random: Random): string {
  const roll = random.next();
  if (roll < 0.7) return fullName(random);
  if (roll < 0.85) return `${random.pick(FIRST_NAMES)} ${random.pick(POST_EMOJIS)}`;
  return `${fullName(random)} | ${random.pick(ROLES)}`;
}

function bio(random: Random): string {
  let text = random.pick(ROLES);
  if (random.bool(0.4)) {
    text += ` at ${random.pick(LAST_NAMES)} ${random.pick(COMPANY_SUFFIXES)}`;
  }
  text += `. ${random.sample(INTERESTS, random.int(1, 3)).join(' | ')}`;
  if (random.bool(0.3)) text += `. Based in ${random.pick(LOCATIONS)}`;
  if (random.bool(0.5)) text += `. ${random.pick(BIO_ENDINGS)}`;
  return text;
}

/** The text of a post; `hashtags` are appended when given, else maybe one drawn here. */
function postText(random: Random, hashtags?: readonly string[]): string {
  let text = random.pick(POST_SENTENCES)(random);
  const last = text.charAt(text.length - 1);
  if (last !== '?') {
    if (last !== '!') text += random.bool(0.5) ? '.' : '!';
    const ending = random.pick(POST_ENDINGS);
    if (ending) text += ` ${ending}`;
  }
  if (random.bool(0.5)) text += ` ${random.pick(POST_EMOJIS)}`;
  const tags = hashtags ?? (random.bool(0.6) ? random.sample(HASHTAGS, random.int(1, 2)) : []);
  if (tags.length > 0) text += ` ${tags.join(' ')}`;
  return text;
}

function comment(random: Random): string {
  let text = random.pick(COMMENTS)(random);
  if (random.bool(0.15))
    text = `@${handle(random)} ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  if (random.bool(0.4)) text += ` ${random.pick(POST_EMOJIS)}`;
  return text;
}

function pastIso(c: GenContext, maxDays: number): string {
  return new Date(c.now - c.random.int(60_000, maxDays * DAY)).toISOString();
}

/** A 19-digit snowflake ID as Twitter/X and Discord use, for a moment in the past year. */
function snowflake(c: GenContext): string {
  const ms = c.now - c.random.int(0, YEAR);
  return ((BigInt(ms - SNOWFLAKE_EPOCH) << 22n) | BigInt(c.random.int(0, 4_194_303))).toString();
}

function shortcode(random: Random, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += SHORTCODE_CHARS.charAt(random.int(0, 63));
  return code;
}

function profileUrl(random: Random, name = handle(random)): string {
  switch (random.int(0, 5)) {
    case 0:
      return `https://x.com/${name}`;
    case 1:
      return `https://www.instagram.com/${name}/`;
    case 2:
      return `https://www.facebook.com/${name}`;
    case 3:
      return `https://www.linkedin.com/in/${name.replace(/_/g, '-')}`;
    case 4:
      return `https://www.youtube.com/@${name}`;
    default:
      return `https://www.tiktok.com/@${name}`;
  }
}

function avatar(random: Random): string {
  return random.bool()
    ? `https://i.pravatar.cc/300?img=${random.int(1, 70)}`
    : `https://api.dicebear.com/9.x/${random.pick(AVATAR_STYLES)}/svg?seed=${random.pick(FIRST_SLUGS)}`;
}

function engagementRate(random: Random, platform: Platform): number {
  const [low, high] = platform.engagement;
  return random.float(low, high, 2);
}

function metricsFor(random: Random, platform: Platform, followers: number) {
  const reach = Math.round(followers * (0.3 + 2.2 * random.next()));
  return {
    followers,
    engagement: engagementRate(random, platform),
    reach,
    impressions: Math.round(reach * (1.2 + 2.3 * random.next())),
  };
}

function accountInfo(c: GenContext, platform: Platform) {
  const launched = Date.UTC(platform.launched, 0, 1);
  const earliest = Math.max(launched, c.now - 15 * YEAR);
  return {
    username: username(c.random),
    displayName: displayName(c.random),
    createdAt: new Date(c.random.int(earliest, c.now - 30 * DAY)).toISOString(),
    type: c.random.pick(ACCOUNT_TYPES),
    verified: c.random.bool(0.2),
  };
}

/** Seven consecutive days ending yesterday, each with its count of interactions. */
function dailyEngagement(c: GenContext, perDay: number) {
  const today = c.now - (((c.now % DAY) + DAY) % DAY);
  return Array.from({ length: 7 }, (_, i) => ({
    date: new Date(today - (7 - i) * DAY).toISOString().slice(0, 10),
    value: Math.round(perDay * (0.6 + 0.8 * c.random.next())),
  }));
}

function demographics(random: Random, platform: Platform) {
  const weights = AGE_WEIGHTS[platform.name].map((w) => w * (0.75 + 0.5 * random.next()));
  const shares = proportions(weights);
  return AGE_GROUPS.map((age, i) => ({ age, percentage: shares[i] ?? 0 }));
}

function engagementBreakdown(random: Random, total: number) {
  const counts = INTERACTIONS.map(([, weight]) =>
    Math.round((total * weight * (0.7 + 0.6 * random.next())) / 100),
  );
  const shares = proportions(counts);
  return INTERACTIONS.map(([type], i) => ({
    type,
    count: counts[i] ?? 0,
    percentage: shares[i] ?? 0,
  }));
}

/** 3 to 5 posts of the last 30 days, most liked first, sharing at most 90% of `likesTotal`. */
function topPosts(c: GenContext, likesTotal: number) {
  const today = c.now - (((c.now % DAY) + DAY) % DAY);
  return Array.from({ length: c.random.int(3, 5) }, () => {
    const likes = Math.round(likesTotal * (0.03 + 0.15 * c.random.next()));
    return {
      content: postText(c.random),
      date: new Date(today - c.random.int(1, 30) * DAY).toISOString().slice(0, 10),
      likes,
      comments: Math.round(likes * (0.02 + 0.12 * c.random.next())),
      shares: Math.round(likes * (0.01 + 0.1 * c.random.next())),
    };
  }).sort((a, b) => b.likes - a.likes);
}

function contentCategories(random: Random, platform: Platform) {
  return random.sample(CONTENT_CATEGORIES, random.int(3, 5)).map((name) => ({
    name,
    postCount: random.int(2, 60),
    engagement: engagementRate(random, platform),
  }));
}

/** The analytics of one account on one platform, in the dashboard shape. */
function platformObject(c: GenContext, platform: Platform) {
  const followers = logInt(c.random, 800, 2_000_000);
  const metrics = metricsFor(c.random, platform, followers);
  const change = () => 0.75 + 0.35 * c.random.next();
  const previousFollowers = Math.round(followers * change());
  const previousReach = Math.round(metrics.reach * change());
  const previousPeriod = {
    followers: previousFollowers,
    engagement: engagementRate(c.random, platform),
    reach: previousReach,
    impressions: Math.round(previousReach * (1.2 + 2.3 * c.random.next())),
  };
  const interactions = Math.round((metrics.reach * metrics.engagement) / 100);
  const breakdown = engagementBreakdown(c.random, interactions);
  return {
    name: platform.name,
    accountInfo: accountInfo(c, platform),
    metrics,
    previousPeriod,
    dailyEngagement: dailyEngagement(c, interactions / 7),
    demographics: demographics(c.random, platform),
    engagementBreakdown: breakdown,
    topPosts: topPosts(c, breakdown[0]?.count ?? 0),
    contentCategories: contentCategories(c.random, platform),
  };
}

/** The name of a platform of the dashboard shapes. */
export type PlatformName = Platform['name'];

/**
 * The analytics of one account on the platform `name`, in the dashboard shape: its engagement,
 * audience and account age those of that platform.
 */
export function platformAnalytics(c: GenContext, name: PlatformName) {
  const platform = PLATFORMS.find((p) => p.name === name) as Platform;
  return platformObject(c, platform);
}

function anyPlatform(random: Random): Platform {
  return random.pick(PLATFORMS);
}

function post(c: GenContext) {
  const hashtags = c.random.sample(HASHTAGS, c.random.int(0, 3));
  const likes = logInt(c.random, 1, 50_000) - 1;
  return {
    id: snowflake(c),
    author: username(c.random),
    content: postText(c.random, hashtags),
    createdAt: pastIso(c, 90),
    likes,
    comments: Math.round(likes * 0.1 * c.random.next()),
    shares: Math.round(likes * 0.06 * c.random.next()),
    hashtags,
  };
}

const EXAMPLE_PLATFORM = {
  name: 'Instagram',
  accountInfo: {
    username: '@jane_doe',
    displayName: 'Jane Doe',
    createdAt: '2016-04-11T08:32:10.000Z',
    type: 'creator',
    verified: true,
  },
  metrics: { followers: 48210, engagement: 3.42, reach: 61530, impressions: 142880 },
  previousPeriod: { followers: 45102, engagement: 3.18, reach: 55240, impressions: 127910 },
  dailyEngagement: [
    { date: '2025-12-25', value: 284 },
    { date: '2025-12-26', value: 311 },
    { date: '2025-12-27', value: 352 },
    { date: '2025-12-28', value: 297 },
    { date: '2025-12-29', value: 263 },
    { date: '2025-12-30', value: 318 },
    { date: '2025-12-31', value: 277 },
  ],
  demographics: [
    { age: '13-17', percentage: 6.4 },
    { age: '18-24', percentage: 29.1 },
    { age: '25-34', percentage: 33.25 },
    { age: '35-44', percentage: 16.8 },
    { age: '45-54', percentage: 8.35 },
    { age: '55+', percentage: 6.1 },
  ],
  engagementBreakdown: [
    { type: 'Likes', count: 1474, percentage: 70.03 },
    { type: 'Comments', count: 255, percentage: 12.11 },
    { type: 'Shares', count: 203, percentage: 9.64 },
    { type: 'Saves', count: 173, percentage: 8.22 },
  ],
  topPosts: [
    {
      content: 'Finally tried ramen in Lisbon and wow! More soon! 🔥 #Foodie',
      date: '2025-12-20',
      likes: 238,
      comments: 19,
      shares: 8,
    },
    {
      content: 'Coffee first, code reviews second. ☕',
      date: '2025-12-12',
      likes: 196,
      comments: 11,
      shares: 6,
    },
    {
      content: 'Hot take: Mondays are underrated. Thoughts?',
      date: '2025-12-05',
      likes: 151,
      comments: 24,
      shares: 4,
    },
  ],
  contentCategories: [
    { name: 'Behind the Scenes', postCount: 14, engagement: 4.12 },
    { name: 'Tutorials', postCount: 9, engagement: 3.67 },
    { name: 'Promotions', postCount: 5, engagement: 1.94 },
  ],
};

/** Social-media content and analytics: handles, posts, reactions and per-platform dashboards. */
export const socialTypes: readonly DataType[] = [
  t(
    'object',
    'platform',
    'The analytics of an account on one platform, in the dashboard shape',
    EXAMPLE_PLATFORM,
    (c) => platformObject(c, anyPlatform(c.random)),
  ),
  t(
    'array',
    'platforms',
    'The analytics of 2 to 5 distinct platforms, in the dashboard shape',
    [EXAMPLE_PLATFORM, { ...EXAMPLE_PLATFORM, name: 'LinkedIn' }],
    (c) => c.random.sample(PLATFORMS, c.random.int(2, 5)).map((p) => platformObject(c, p)),
  ),
  t(
    'array',
    'dailyengagement',
    'Interactions per day over the last 7 days, as {date, value}',
    EXAMPLE_PLATFORM.dailyEngagement,
    (c) => dailyEngagement(c, logInt(c.random, 20, 20_000)),
  ),
  t(
    'array',
    'demographics',
    'Audience share per age group, as {age, percentage} adding up to 100',
    EXAMPLE_PLATFORM.demographics,
    (c) => demographics(c.random, anyPlatform(c.random)),
  ),
  t(
    'array',
    'engagementbreakdown',
    'Likes, comments, shares and saves as {type, count, percentage}',
    EXAMPLE_PLATFORM.engagementBreakdown,
    (c) => engagementBreakdown(c.random, logInt(c.random, 200, 200_000)),
  ),
  t(
    'array',
    'topposts',
    '3 to 5 best posts as {content, date, likes, comments, shares}, most liked first',
    EXAMPLE_PLATFORM.topPosts,
    (c) => topPosts(c, logInt(c.random, 500, 500_000)),
  ),
  t(
    'array',
    'contentcategories',
    '3 to 5 content categories as {name, postCount, engagement}',
    EXAMPLE_PLATFORM.contentCategories,
    (c) => contentCategories(c.random, anyPlatform(c.random)),
  ),
  t(
    'object',
    'metrics',
    'Account metrics {followers, engagement, reach, impressions}',
    EXAMPLE_PLATFORM.metrics,
    (c) => metricsFor(c.random, anyPlatform(c.random), logInt(c.random, 800, 2_000_000)),
  ),
  t(
    'object',
    'accountinfo',
    'An account {username, displayName, createdAt, type, verified}',
    EXAMPLE_PLATFORM.accountInfo,
    (c) => accountInfo(c, anyPlatform(c.random)),
  ),
  t('string', 'platform', 'The name of a social network', 'Instagram', (c) =>
    c.random.pick(ALL_PLATFORMS),
  ),
  t('string', 'username', 'A handle with its @', '@jane_doe', (c) => username(c.random)),
  t('string', 'displayname', 'The name shown on a profile', 'Jane Doe', (c) =>
    displayName(c.random),
  ),
  t(
    'string',
    'bio',
    'A short profile bio',
    'Product designer at Keeling Labs. Coffee lover ☕ | Weekend hiker ⛰️. she/her',
    (c) => bio(c.random),
  ),
  t('string', 'hashtag', 'A popular hashtag', '#TravelTuesday', (c) => c.random.pick(HASHTAGS)),
  t('array', 'hashtags', '2 to 6 distinct hashtags', ['#Foodie', '#WeekendVibes', '#Coffee'], (c) =>
    c.random.sample(HASHTAGS, c.random.int(2, 6)),
  ),
  t(
    'string',
    'post',
    'The text of a post, sometimes with an emoji or hashtags',
    'Spent the weekend hiking and honestly needed it! 🙌 #Nature',
    (c) => postText(c.random),
  ),
  t('string', 'comment', 'A comment under a post', 'Saving this for later 🔥', (c) =>
    comment(c.random),
  ),
  t('string', 'emoji', 'An emoji', '😍', (c) => c.random.pick(EMOJIS)),
  t(
    'string',
    'profileurl',
    'The address of a profile page',
    'https://www.instagram.com/jane_doe/',
    (c) => profileUrl(c.random),
  ),
  t(
    'string',
    'avatar',
    'The address of a profile picture',
    'https://i.pravatar.cc/300?img=32',
    (c) => avatar(c.random),
  ),
  t('number', 'followers', 'A follower count, from tens to millions', 12840, (c) =>
    logInt(c.random, 10, 5_000_000),
  ),
  t('number', 'following', 'How many accounts an account follows', 412, (c) =>
    logInt(c.random, 10, 5_000),
  ),
  t('number', 'likes', 'The likes on a post', 1273, (c) => logInt(c.random, 1, 200_000) - 1),
  t('number', 'shares', 'The shares of a post', 86, (c) => logInt(c.random, 1, 20_000) - 1),
  t('number', 'comments', 'The comments on a post', 154, (c) => logInt(c.random, 1, 10_000) - 1),
  t('number', 'views', 'The views of a post or video', 48210, (c) =>
    logInt(c.random, 50, 5_000_000),
  ),
  t(
    'number',
    'engagementrate',
    'An engagement rate in percent, with two decimals',
    3.42,
    (c) => Math.round((0.3 + 9.7 * c.random.next() ** 2) * 100) / 100,
  ),
  t('number', 'reach', 'The unique accounts reached', 61530, (c) =>
    logInt(c.random, 500, 2_000_000),
  ),
  t('number', 'impressions', 'How many times content was shown', 142880, (c) =>
    logInt(c.random, 1_000, 5_000_000),
  ),
  t('boolean', 'verified', 'Whether an account is verified (about one in five)', false, (c) =>
    c.random.bool(0.2),
  ),
  t('string', 'mention', 'A mention of an account in a text', '@marcus_lee', (c) =>
    username(c.random),
  ),
  t(
    'string',
    'postid',
    'A 19-digit snowflake post ID, as X and Discord use',
    '1873402918374656001',
    (c) => snowflake(c),
  ),
  t(
    'string',
    'posttype',
    'The format of a post: text, image, video, reel, story or poll',
    'reel',
    (c) => c.random.pick(POST_TYPES),
  ),
  t('string', 'reaction', 'A reaction to a post, such as like, love, haha or wow', 'love', (c) =>
    c.random.pick(REACTIONS),
  ),
  t('string', 'trendingtopic', 'A trending topic or hashtag', 'Champions League Final', (c) =>
    c.random.bool(0.3) ? c.random.pick(HASHTAGS) : c.random.pick(TRENDING_TOPICS),
  ),
  t(
    'string',
    'createdat',
    'When a post or account was created, in the past 3 years, ISO 8601',
    '2025-06-18T14:27:05.311Z',
    (c) => pastIso(c, 3 * 365),
  ),
  t('string', 'location', 'A place tagged on a post or profile', 'Lisbon, Portugal', (c) =>
    c.random.pick(LOCATIONS),
  ),
  t(
    'object',
    'post',
    'A post {id, author, content, createdAt, likes, comments, shares, hashtags}',
    {
      id: '1873402918374656001',
      author: '@jane_doe',
      content: 'Coffee first, code reviews second! ☕ #Coffee #Productivity',
      createdAt: '2025-12-18T08:12:44.120Z',
      likes: 842,
      comments: 37,
      shares: 12,
      hashtags: ['#Coffee', '#Productivity'],
    },
    (c) => post(c),
  ),
  t(
    'object',
    'profile',
    'A profile with handle, bio, avatar, counts and creation date',
    {
      id: '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b',
      username: '@jane_doe',
      displayName: 'Jane Doe',
      bio: 'Software engineer. Bookworm 📚 | Cyclist 🚴. Views my own.',
      avatar: 'https://i.pravatar.cc/300?img=32',
      profileUrl: 'https://x.com/jane_doe',
      location: 'Berlin, Germany',
      verified: false,
      followers: 2841,
      following: 390,
      posts: 1204,
      createdAt: '2019-02-07T16:45:12.000Z',
    },
    (c) => {
      const name = handle(c.random);
      return {
        id: uuid(c.random),
        username: `@${name}`,
        displayName: displayName(c.random),
        bio: bio(c.random),
        avatar: avatar(c.random),
        profileUrl: profileUrl(c.random, name),
        location: c.random.pick(LOCATIONS),
        verified: c.random.bool(0.2),
        followers: logInt(c.random, 10, 5_000_000),
        following: logInt(c.random, 10, 5_000),
        posts: logInt(c.random, 1, 20_000),
        createdAt: pastIso(c, 12 * 365),
      };
    },
  ),
  t('string', 'accounttype', 'The kind of account: personal, creator or business', 'creator', (c) =>
    c.random.pick(ACCOUNT_TYPES),
  ),
  t(
    'string',
    'posturl',
    'The address of a post on X, Instagram or YouTube',
    'https://x.com/jane_doe/status/1873402918374656001',
    (c) => {
      switch (c.random.int(0, 2)) {
        case 0:
          return `https://x.com/${handle(c.random)}/status/${snowflake(c)}`;
        case 1:
          return `https://www.instagram.com/p/${shortcode(c.random, 11)}/`;
        default:
          return `https://www.youtube.com/watch?v=${shortcode(c.random, 11)}`;
      }
    },
  ),
  t(
    'number',
    'saves',
    'The saves or bookmarks of a post',
    57,
    (c) => logInt(c.random, 1, 20_000) - 1,
  ),
];
