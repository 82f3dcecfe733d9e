/** True for MikroORM's unique-constraint error, on SQLite and PostgreSQL alike. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { name?: string }).name === 'UniqueConstraintViolationException';
}
