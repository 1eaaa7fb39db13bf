/**
 * The supplier's branches a registering company can choose as its home branch, in the order the registration form
 * lists them. The code is the branch's key in the supplier's ERP; the storefront translates the names.
 */
import * as v from 'valibot';

export const BRANCH_CODES = ['IMH_ANT', 'IMH_HAS', 'IMI_IZE', 'IML_LIE', 'IML_WAL', 'IMM_MEL', 'VDB_IND'] as const;

export const BranchCodeSchema = v.picklist(BRANCH_CODES, 'NO_SUCH_CHOICE_ERROR');

export type BranchCode = (typeof BRANCH_CODES)[number];
