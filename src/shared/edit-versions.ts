// Edits of legal facts (a case's facts, a hearing, an NGO) carry the version their form was loaded at
// (drizzle/0019_edit_versions.sql). A save whose version is no longer the saved one changes nothing
// and gets 409 with the record as saved now (`error.current`), so the person sees what the other side
// changed and can load it into the form instead of silently writing over it.
import { z } from 'zod';

export const VERSION_MAX = 2_147_483_647;

/** The version a form was loaded at (GET answers carry it). */
export const VersionSchema = z
  .number({ error: 'Reload the page: the version the form was loaded at is missing.' })
  .int()
  .min(0)
  .max(VERSION_MAX);

/** The English text of 409 stale_edit; the browser shows its own translation of the code. */
export const STALE_EDIT_MESSAGE =
  'Someone else saved a change while you were editing. Their values are shown; load them into the form, then make your change again.';
