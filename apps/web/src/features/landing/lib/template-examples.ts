/** A ready-made template shown in the landing page's Template Examples. */
export type TemplateExample = {
  id: string;
  title: string;
  description: string;
  template: Record<string, unknown> | unknown[];
};

/** The tabs of Template Examples, in order, with their examples. */
export type TemplateExampleGroup = {
  id: 'basic' | 'advanced' | 'custom';
  label: 'Basic Templates' | 'Advanced Templates' | 'Custom Data Types';
  intro: string;
  examples: TemplateExample[];
};

export const TEMPLATE_EXAMPLE_GROUPS: readonly TemplateExampleGroup[] = [
  {
    id: 'basic',
    label: 'Basic Templates',
    intro:
      'Flat objects using the basic types. They work in the demo editor above, no account needed.',
    examples: [
      {
        id: 'user-profile',
        title: 'User profile',
        description: 'One user with an id, contact details and a few typed fields.',
        template: {
          id: 'uuid',
          name: 'string',
          email: 'email',
          age: 'number',
          isActive: 'boolean',
          createdAt: 'date',
          bio: 'lorem',
        },
      },
      {
        id: 'product',
        title: 'Product',
        description: 'A catalogue item with a price, a stock flag and a list of tags.',
        template: {
          id: 'uuid',
          title: 'string',
          price: 'number',
          inStock: 'boolean',
          description: 'lorem',
          tags: 'array',
          updatedAt: 'date',
        },
      },
    ],
  },
  {
    id: 'advanced',
    label: 'Advanced Templates',
    intro:
      'Nested objects and arrays. "__multiply": "1-5" in an array item repeats it between 1 and 5 times.',
    examples: [
      {
        id: 'order',
        title: 'Order with line items',
        description: 'A nested customer and between one and five line items per order.',
        template: {
          orderId: 'uuid',
          createdAt: 'date',
          customer: {
            id: 'uuid',
            name: 'string',
            email: 'email',
            address: { street: 'string', city: 'string', zip: 'number' },
          },
          items: [{ __multiply: '1-5', productId: 'uuid', name: 'string', quantity: 'number' }],
          paid: 'boolean',
        },
      },
      {
        id: 'blog-posts',
        title: 'Blog posts with comments',
        description: 'A list of one to five posts, each with an author and its own comments.',
        template: [
          {
            __multiply: '1-5',
            id: 'uuid',
            title: 'string',
            body: 'lorem',
            publishedAt: 'date',
            author: { id: 'uuid', name: 'string', email: 'email' },
            comments: [{ __multiply: '1-5', id: 'uuid', author: 'string', text: 'lorem' }],
          },
        ],
      },
    ],
  },
  {
    id: 'custom',
    label: 'Custom Data Types',
    intro:
      'Dotted catalogue types give realistic values: names, prices, cities, whole weather reports. Sign in to use them.',
    examples: [
      {
        id: 'customer',
        title: 'Customer with orders',
        description: 'Real-looking names, cities, e-mail addresses and prices.',
        template: {
          id: 'uuid',
          fullName: 'string.name.fullname',
          email: 'string.mail.gmail',
          city: 'string.address.city',
          postcode: 'string.address.postcode',
          orders: [
            {
              __multiply: '1-5',
              id: 'uuid',
              price: 'number.money.price',
              currency: 'string.money.currency',
            },
          ],
          rating: 'number.review.rating',
        },
      },
      {
        id: 'weather',
        title: 'Weather report',
        description: 'A complete weather object: location, current conditions and a forecast.',
        template: {
          requestedAt: 'date',
          city: 'string.address.city',
          report: 'object.weather.complete',
        },
      },
    ],
  },
];

/** The template as the editor expects it: pretty-printed JSON with two-space indents. */
export function templateText(example: TemplateExample): string {
  return JSON.stringify(example.template, null, 2);
}
