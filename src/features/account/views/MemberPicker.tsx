/**
 * Choosing users of the company (the approvers or users of an order flow or order reference): a fieldset of
 * checkboxes over the company's users (`{provider}/companies/customers`, read page by page), with a filter by name.
 */
import { useResource } from '../../../lib/use-resource.ts';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { useId, useState } from 'react';
import type { Customer } from '../../../lib/session/customer.ts';
import { Checkbox, TextField } from '../../../components/ui/form.tsx';
import { useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { listCustomers } from '../api.ts';

/** Largest page of the users list and the most pages read for a picker (10,000 users). */
const PAGE = 100;
const MAX_PAGES = 100;

/** Reads every user of the company, page by page (at most MAX_PAGES pages of PAGE). */
async function readAllUsers(): Promise<Customer[]> {
  const all: Customer[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await listCustomers({ page, limit: PAGE });
    all.push(...result.customers);
    if (all.length >= result.total || result.customers.length === 0) break;
  }
  return all;
}

/** Every user of the caller's company, by the list's order; null while loading. */
export function useCompanyUsers(): Customer[] | null {
  const { notifyError } = useNotify();
  return useResource('company-users', readAllUsers, {
    onError: (error) => {
      notifyError(error);
      return [];
    },
  }).data;
}

/** The checkboxes of `users` under `legend`; `value` are the chosen ids. */
export function MemberPicker({
  legend,
  users,
  value,
  onValue,
  error,
  hint,
}: {
  legend: string;
  users: readonly Customer[] | null;
  value: readonly string[];
  onValue: (ids: string[]) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const [term, setTerm] = useState('');
  const needle = term.trim().toLowerCase();
  const shown = (users ?? []).filter(
    (u) => !needle || `${u.firstName} ${u.lastName} ${u.username}`.toLowerCase().includes(needle),
  );
  const chosen = new Set(value);
  return (
    <fieldset className="mb-4 rounded border border-line p-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {hint && <p className="mb-2 text-xs text-muted">{hint}</p>}
      {users === null ? (
        <Loading />
      ) : (
        <>
          {users.length > 8 && (
            <TextField type="search" label={t('account.users.search')} value={term} onValue={setTerm} />
          )}
          <div className="max-h-64 overflow-y-auto">
            {shown.map((u) => (
              <Checkbox
                key={u.id}
                label={`${u.firstName} ${u.lastName} (${u.username})`}
                checked={chosen.has(u.id)}
                onChecked={(on) => onValue(on ? [...value, u.id] : value.filter((x) => x !== u.id))}
              />
            ))}
          </div>
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-primary">
          {error}
        </p>
      )}
    </fieldset>
  );
}
