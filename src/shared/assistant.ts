// What the chat assistant knows about the signed-in family member, to answer "what is my case status",
// "who is my lawyer", "my NGO", "next hearing", "release date" from their own data.
import { z } from 'zod';
import { FAMILY_NEXT_STEPS, FAMILY_STATUSES } from './family-status.ts';

export const SUMMARY_STAGES = ['no_lawyer', 'lawyer_requested', 'lawyer_accepted', 'bail_accepted'] as const;

export const PersonalSummarySchema = z.object({
  /** Where the matter stands as a whole; the assistant turns it into a status and a next step. */
  stage: z.enum(SUMMARY_STAGES),
  /** cnr: the eCourts case number, for the SMS that tells the next date (absent or null: not given). */
  cases: z.array(z.object({ caseNumber: z.string(), caseType: z.string(), cnr: z.string().nullable().optional() })),
  /** The accepted lawyer, else the latest pending request, else null. */
  lawyer: z.object({ name: z.string(), phone: z.string().nullable(), status: z.enum(['pending', 'accepted']) }).nullable(),
  ngo: z.object({ name: z.string(), contactInfo: z.string() }).nullable(),
  bailAcceptedAt: z.string().nullable(),
  // Optional facts other features add when they exist (release dates, hearings): absent means "not known".
  releaseDate: z.string().nullable().optional(),
  nextHearing: z.object({ at: z.string(), court: z.string().nullable().optional() }).nullable().optional(),
  /** Per person in custody, where things stand and the next step (familyStatuses in family-status.ts). */
  prisoners: z
    .array(
      z.object({
        prisonerName: z.string().nullable(),
        status: z.enum(FAMILY_STATUSES),
        next: z.enum(FAMILY_NEXT_STEPS),
        date: z.string().nullable(),
        lawyer: z.string().nullable(),
        caseId: z.string(),
        s479On: z.string().nullable(),
        defaultBailOn: z.string().nullable(),
        bailOverdue: z.boolean(),
      }),
    )
    .optional(),
});
export type PersonalSummary = z.infer<typeof PersonalSummarySchema>;
