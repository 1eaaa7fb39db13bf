/**
 * The users list's filter form (Users.tsx): search, first and last name, username, lead buyer, the budget
 * ranges in EUR and the sort, all kept in the query string (customer-list-query.ts). On small screens it folds away
 * behind a button naming the number of filters in use, open at first when any is set; wide screens always show it.
 */
import { useState } from 'react';
import { TextField } from '../../../components/ui/form.tsx';
import { useI18n } from '../../../i18n/react.tsx';
import { SORT_FIELDS, type CustomerListQuery } from '../customer-list-query.ts';

function NumberFilter({ label, value, onValue }: { label: string; value: number; onValue: (n: number) => void }) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="decimal"
      min={0}
      value={String(value)}
      onValue={(s) => onValue(s === '' ? 0 : Math.max(0, Number(s) || 0))}
    />
  );
}

/** The filter form; `draft` is what it holds, `update` changes it, `serialized` is the query string in force. */
export function UserFilters({
  serialized,
  draft,
  update,
}: {
  serialized: string;
  draft: CustomerListQuery;
  update: (patch: Partial<CustomerListQuery>) => void;
}) {
  const { t } = useI18n();
  const [filtersOpen, setFiltersOpen] = useState(() => serialized.replace(/(^|&)page=\d+/, '') !== '');
  const activeFilters = Object.keys(Object.fromEntries(new URLSearchParams(serialized))).filter(
    (key) => key !== 'page' && key !== 'order' && key !== 'field' && key !== 'type',
  ).length;
  return (
    <>
      <button
        type="button"
        className="self-start rounded border border-gray-300 px-4 py-2 text-sm font-semibold lg:hidden"
        aria-expanded={filtersOpen}
        aria-controls="users-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {t('account.users.filters')}
        {activeFilters > 0 && ` (${activeFilters})`}
      </button>
      <form
        id="users-filters"
        method="get"
        role="search"
        aria-label={t('account.users.filters')}
        onSubmit={(e) => e.preventDefault()}
        className={`${filtersOpen ? 'grid' : 'hidden'} gap-4 rounded border border-gray-200 p-4 sm:grid-cols-2 lg:grid lg:grid-cols-4`}
      >
        <TextField
          type="search"
          label={t('account.users.search')}
          value={draft.search}
          onValue={(search) => update({ search })}
        />
        <TextField
          label={t('account.field.firstName')}
          value={draft.firstName}
          onValue={(firstName) => update({ firstName })}
        />
        <TextField
          label={t('account.field.lastName')}
          value={draft.lastName}
          onValue={(lastName) => update({ lastName })}
        />
        <TextField
          label={t('account.field.username')}
          value={draft.username}
          onValue={(username) => update({ username })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="users-lead-buyer" className="text-sm font-medium text-gray-800">
            {t('account.field.leadBuyer')}
          </label>
          <select
            id="users-lead-buyer"
            value={draft.leadBuyer}
            onChange={(e) => update({ leadBuyer: e.target.value })}
            className="rounded border border-gray-300 px-3 py-2 text-sm"
          >
            <option value="">{t('account.users.any')}</option>
            <option value="yes">{t('account.yes')}</option>
            <option value="no">{t('account.no')}</option>
          </select>
        </div>
        <NumberFilter
          label={t('account.users.budgetMin')}
          value={draft.budgetMin}
          onValue={(budgetMin) => update({ budgetMin })}
        />
        <NumberFilter
          label={t('account.users.budgetMax')}
          value={draft.budgetMax}
          onValue={(budgetMax) => update({ budgetMax })}
        />
        <NumberFilter
          label={t('account.users.budgetRemainingMin')}
          value={draft.budgetRemainingMin}
          onValue={(budgetRemainingMin) => update({ budgetRemainingMin })}
        />
        <NumberFilter
          label={t('account.users.budgetRemainingMax')}
          value={draft.budgetRemainingMax}
          onValue={(budgetRemainingMax) => update({ budgetRemainingMax })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="users-sort" className="text-sm font-medium text-gray-800">
            {t('account.users.sort')}
          </label>
          <select
            id="users-sort"
            value={draft.field && draft.order ? `${draft.field}:${draft.order}` : ''}
            onChange={(e) => {
              const [field = '', order = ''] = e.target.value.split(':');
              update({ field, order: order === 'asc' || order === 'desc' ? order : '' });
            }}
            className="rounded border border-gray-300 px-3 py-2 text-sm"
          >
            <option value="">{t('account.users.sortNone')}</option>
            {SORT_FIELDS.flatMap((field) =>
              (['asc', 'desc'] as const).map((order) => (
                <option key={`${field}:${order}`} value={`${field}:${order}`}>
                  {t(`account.users.sortField.${field}`)} ({t(`account.users.sortOrder.${order}`)})
                </option>
              )),
            )}
          </select>
        </div>
      </form>
    </>
  );
}
