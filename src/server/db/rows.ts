// The rows of a raw `db.execute`, in a module of its own: derived.ts (which migrate.ts runs) reads rows without
// importing client.ts, which imports migrate.ts (no import cycle: tests/boundaries.test.ts).

/** The rows of a raw `db.execute` (both drivers answer `{ rows }`; drizzle passes them through). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
