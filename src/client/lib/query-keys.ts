// The first element of every query key, one per area. A feature's own keys live in its
// <feature>.api.ts and start with its root here; a feature that refreshes another's data
// (a saved case refreshes the family's lists) names that root from here, never as a literal.
export const rootKeys = {
  session: ['session'] as const,
  meta: ['meta'] as const,
  profile: ['profile'] as const,
  family: ['family'] as const,
  lawyers: ['lawyers'] as const,
  jail: ['jail'] as const,
  ngos: ['ngos'] as const,
  cases: ['cases'] as const,
  deadlines: ['deadlines'] as const,
  notifications: ['notifications'] as const,
  assistant: ['assistant'] as const,
  locations: ['india-locations'] as const,
  prisons: ['prisons'] as const,
};
