// The zod forms of the enums in constants.ts (kept apart so constants.ts stays free of zod).
import { z } from 'zod';
import { CASE_TYPES, LANGUAGES, ROLES } from './constants.ts';

export const RoleSchema = z.enum(ROLES);
export const CaseTypeSchema = z.enum(CASE_TYPES);
export const LanguageSchema = z.enum(LANGUAGES);
