import type { Random } from '../../random.ts';
import { fullName, isoDate } from '../sources.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('review');

/** What a review talks about; every entry reads well before "is ..." and "was ...". */
const ASPECTS: readonly string[] = [
  'the build quality',
  'the delivery',
  'the packaging',
  'customer service',
  'the battery life',
  'the setup',
  'the design',
  'the price',
  'the sound quality',
  'the material',
  'the fit',
  'the companion app',
  'the screen',
  'the finish',
];

interface Tone {
  readonly openers: readonly string[];
  readonly first: readonly string[];
  readonly second: readonly string[];
  readonly joiner: string;
  readonly closers: readonly string[];
  readonly titles: readonly string[];
}

const POSITIVE: Tone = {
  openers: [
    'Absolutely love it!',
    'Exceeded my expectations.',
    'Really impressed.',
    'Fantastic purchase.',
    "Couldn't be happier.",
    'Great value for money.',
    'Very pleased with this.',
    'Exactly what I was looking for.',
  ],
  first: [
    'is excellent',
    'is outstanding',
    'was spot on',
    'is really impressive',
    'exceeded my expectations',
    'is better than I hoped',
  ],
  second: [
    'is a real highlight',
    'is top notch',
    'deserves a special mention',
    'is just as good',
    'is a nice bonus',
    'is great too',
  ],
  joiner: ', and',
  closers: [
    'Would definitely buy again.',
    'Highly recommended.',
    "I've already recommended it to friends.",
    'Worth every penny.',
    'Will be ordering another one soon.',
    "Can't recommend it enough.",
  ],
  titles: [
    'Love it',
    'Exactly what I needed',
    'Excellent quality',
    'Worth every penny',
    'Great value',
    'Highly recommended',
    'Better than expected',
    'Five stars',
  ],
};

const NEUTRAL: Tone = {
  openers: [
    "It's okay.",
    'Does the job.',
    'Decent, but nothing special.',
    'Mixed feelings about this one.',
    'About what I expected.',
    'Average overall.',
  ],
  first: ['is fine', 'is decent', 'is acceptable', 'works as described', 'is reasonable'],
  second: [
    'could be better',
    'was a bit slow',
    'is nothing to write home about',
    'is a bit disappointing',
    'is only average',
  ],
  joiner: ', but',
  closers: [
    'Might buy again if the price drops.',
    'Fine for the price.',
    "Not sure I'd buy it again.",
    'Three stars feels about right.',
    'It serves its purpose.',
  ],
  titles: [
    'Does the job',
    'Okay for the price',
    'Mixed feelings',
    'Average',
    'Nothing special',
    'Decent but not great',
  ],
};

const NEGATIVE: Tone = {
  openers: [
    'Very disappointed.',
    'Would not recommend.',
    'Not worth the money.',
    'Really frustrating experience.',
    'Sadly, this was a letdown.',
    'Terrible experience from start to finish.',
  ],
  first: [
    'was terrible',
    'is poor',
    'fell well short of the description',
    'was a real letdown',
    'is worse than advertised',
    'is frankly unacceptable',
  ],
  second: [
    'was no better',
    'was a disaster too',
    'made things even worse',
    'was even worse',
    'was just as bad',
  ],
  joiner: ', and',
  closers: [
    "I've asked for a refund.",
    "I'm returning it.",
    'Save your money.',
    "I won't be ordering from here again.",
    'Avoid.',
  ],
  titles: [
    'Disappointed',
    'Not as described',
    'Broke after a week',
    'Avoid',
    'Waste of money',
    'Poor quality',
  ],
};

/** Ratings as people give them: mostly fours and fives. */
const RATINGS: readonly number[] = [1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5];

/** "Opener. Aspect is ..., and/but aspect ... . Closer." */
function reviewText(random: Random, tone: Tone): string {
  const [a = '', b = ''] = random.sample(ASPECTS, 2);
  return (
    `${random.pick(tone.openers)} ${a.charAt(0).toUpperCase()}${a.slice(1)} ` +
    `${random.pick(tone.first)}${tone.joiner} ${b} ${random.pick(tone.second)}. ` +
    random.pick(tone.closers)
  );
}

function toneOf(rating: number): Tone {
  if (rating >= 4) return POSITIVE;
  return rating === 3 ? NEUTRAL : NEGATIVE;
}

const ALL_TITLES: readonly string[] = [...POSITIVE.titles, ...NEUTRAL.titles, ...NEGATIVE.titles];

/** Customer reviews: star ratings, titles and texts of a given sentiment. */
export const reviewTypes: readonly DataType[] = [
  t('number', 'rating', 'A star rating, a whole number from 1 to 5, mostly 4 or 5', 4, (c) =>
    c.random.pick(RATINGS),
  ),
  t('number', 'average', 'An average star rating from 2.5 to 5.0, one decimal', 4.3, (c) =>
    c.random.float(2.5, 5, 1),
  ),
  t(
    'string',
    'positive',
    'A positive review of a product',
    'Really impressed. The build quality is excellent, and the delivery is a real highlight. Highly recommended.',
    (c) => reviewText(c.random, POSITIVE),
  ),
  t(
    'string',
    'neutral',
    'A mixed, middle-of-the-road review of a product',
    "It's okay. The design is fine, but the battery life could be better. Fine for the price.",
    (c) => reviewText(c.random, NEUTRAL),
  ),
  t(
    'string',
    'negative',
    'A negative review of a product',
    'Very disappointed. The material is poor, and customer service was no better. Save your money.',
    (c) => reviewText(c.random, NEGATIVE),
  ),
  t(
    'string',
    'text',
    'A review of any sentiment, mostly positive',
    'Fantastic purchase. The setup was spot on, and the price is great too. Worth every penny.',
    (c) => reviewText(c.random, toneOf(c.random.pick(RATINGS))),
  ),
  t('string', 'title', 'A short review headline', 'Exactly what I needed', (c) =>
    c.random.pick(ALL_TITLES),
  ),
  t(
    'object',
    'complete',
    'A whole review: author, rating, title, text, date, verified',
    {
      author: 'Addison Hartmann',
      rating: 5,
      title: 'Worth every penny',
      text: 'Absolutely love it! The design is outstanding, and the packaging is top notch. Highly recommended.',
      date: '2025-11-03',
      verified: true,
    },
    (c) => {
      const rating = c.random.pick(RATINGS);
      const tone = toneOf(rating);
      return {
        author: fullName(c.random),
        rating,
        title: c.random.pick(tone.titles),
        text: reviewText(c.random, tone),
        date: isoDate(c.random, c.now, -365, 0),
        verified: c.random.bool(0.8),
      };
    },
  ),
];
