import { queryOptions } from '@tanstack/react-query';
import { PersonalSummarySchema } from '#shared/assistant.ts';
import type { Language } from '#shared/constants.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const assistantKeys = {
  knowledge: (lang: Language) => [...rootKeys.assistant, lang] as const,
  /** Under the family root: whatever changes the family member's record refreshes it too. */
  summary: [...rootKeys.family, 'summary'] as const,
};

/** The signed-in family member's own record, for questions about it. */
export const summaryQuery = queryOptions({
  queryKey: assistantKeys.summary,
  queryFn: () => api('GET', '/api/family/summary', PersonalSummarySchema),
});
