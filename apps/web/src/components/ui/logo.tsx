/** The Mocksmith mark: braces on an indigo tile. Decorative; the word next to it names the link. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" className="fill-indigo-600 dark:fill-indigo-500" />
      <path
        d="M9 11 5 16l4 5M23 11l4 5-4 5M18 8l-4 16"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
