/**
 * Cost centres (route /account/costcenter), for customers with ROLE_MANAGE_COST_CENTER when the shop runs the
 * cost-center module (feature flag `cost-center-module`): the company's external contacts with their connected state
 * (connected contacts are offered at checkout), linking or unlinking one, and linking all or unlinking all at once.
 */
import { useResource } from '../../../lib/use-resource.ts';
import { ListResult } from '../../../components/ui/ListKit.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useState } from 'react';
import type { ExternalContact } from '../../../../contract/provider/cost-center.ts';
import { Button } from '../../../components/ui/form.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { listExternalContacts, setExternalContactsConnected } from '../spending-api.ts';

/** The screen: the contacts with their connected state, link or unlink one, link or unlink all. */
export function CostCenters() {
  const { t } = useI18n();
  const { notify, notifyError } = useNotify();
  const { data: contacts, set: setContacts } = useResource('external-contacts', listExternalContacts, {
    onError: (error) => {
      notifyError(error);
      return [];
    },
  });
  const [clicked, setClicked] = useState<string | null>(null);

  const action = useAction(async ({ connect, contact }: { connect: boolean; contact?: ExternalContact }) => {
    setContacts(await setExternalContactsConnected(connect, contact ? { ids: [contact.id] } : {}));
    const text = contact
      ? t(connect ? 'costCenters.linked' : 'costCenters.unlinked', { name: contact.name })
      : t(connect ? 'costCenters.linkedAll' : 'costCenters.unlinkedAll');
    notify('success', t('general.success'), text);
  });
  /** The key of the control whose change runs (a contact's id, `all-link` or `all-unlink`), null when none runs. */
  const busy = action.busy ? clicked : null;

  /** Links or unlinks `contact`, or every contact when it is absent; `key` marks the busy control. */
  function change(connect: boolean, key: string, contact?: ExternalContact) {
    setClicked(key);
    action.run({ connect, contact });
  }

  const connected = contacts?.filter((c) => c.connected).length ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('costCenters.title')}</h1>
      <p className="text-sm text-gray-700">{t('costCenters.intro')}</p>
      <ListResult
        result={contacts && { elements: contacts, total: contacts.length }}
        emptyText={t('costCenters.empty')}
      >
        {(shown) => (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-gray-700" role="status">
                {t('costCenters.connectedCount', { connected, total: shown.length })}
              </span>
              <Button
                busy={busy === 'all-link'}
                disabled={busy !== null || connected === shown.length}
                onClick={() => change(true, 'all-link')}
              >
                {t('costCenters.linkAll')}
              </Button>
              <Button
                kind="secondary"
                busy={busy === 'all-unlink'}
                disabled={busy !== null || connected === 0}
                onClick={() => change(false, 'all-unlink')}
              >
                {t('costCenters.unlinkAll')}
              </Button>
            </div>
            <ScrollTable label={t('costCenters.contacts')} minWidth="min-w-[32rem]">
              <TableHead
                columns={[
                  { label: t('costCenters.identifier') },
                  { label: t('costCenters.name') },
                  { label: t('costCenters.email') },
                  { label: t('costCenters.connected') },
                  { label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
                ]}
              />
              <tbody>
                {shown.map((c) => (
                  <tr key={c.id} className="border-b border-gray-100">
                    <td className="py-2 pr-3">{c.identifier}</td>
                    <td className="py-2 pr-3 font-medium">{c.name}</td>
                    <td className="py-2 pr-3">{c.email ?? '–'}</td>
                    <td className="py-2 pr-3">{c.connected ? t('account.yes') : t('account.no')}</td>
                    <td className="py-2 text-right">
                      <Button
                        kind="secondary"
                        busy={busy === c.id}
                        disabled={busy !== null}
                        onClick={() => change(!c.connected, c.id, c)}
                      >
                        <span aria-hidden="true">{t(c.connected ? 'costCenters.unlink' : 'costCenters.link')}</span>
                        <span className="sr-only">
                          {t(c.connected ? 'costCenters.unlinkNamed' : 'costCenters.linkNamed', { name: c.name })}
                        </span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </>
        )}
      </ListResult>
    </div>
  );
}
