/**
 * Whether an error (or one of its causes: drizzle wraps the driver's errors) is PostgreSQL's
 * unique violation (23505) of the named constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === constraint;
  }
  return false;
}
