/** The classes of an inline text link. */
export const textLinkClasses =
  'rounded-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300';
