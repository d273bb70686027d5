// Cases belong to a family member's record: who may read them is the record's rule
// (member-record.policy.ts: lists take `seesRecordAsLawyer` from there); only the member adds one,
// and a case ID is theirs once.
import { conflict } from '../lib/errors.ts';

export const caseExists = () => conflict('case_exists', 'You already have a case with this case ID.');
