/**
 * The bar of a punch-out session at the top of every page: the procurement system the buyer shops for (with "test
 * session" for a cXML `deploymentMode="test"` and "view only" for an inspect session) and "Cancel and return to
 * {system}", a same-origin POST form to `/punchout/cancel`, which answers the Store API's page that returns to the
 * procurement system (an empty cart or its cancel address; SAP OCI 4.0 inbound section, cXML Reference Guide 1.2.051
 * §5.4.3.2). The form works before the island has hydrated too.
 *
 * The server renders nothing (catalogue HTML is shared, ADR 005); in the browser the island reads the session
 * (`refreshPunchOut`, only while the proxy's `wb-punchout` marker is set) and shows the bar.
 */
import { useEffect } from 'react';
import { I18nProvider, useT, type IslandI18nProp } from '../../i18n/react.tsx';
import type { MessageKey } from '../../i18n/locales.ts';
import { $punchOut, refreshPunchOut } from '../../lib/session/punchout-store.ts';
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';

/** The catalogue keys of the bar, for `islandMessages(locale, PUNCHOUT_BAR_MESSAGES)`. */
export const PUNCHOUT_BAR_MESSAGES = ['punchout.bar.'] as const satisfies readonly (MessageKey | `${string}.`)[];

export interface PunchOutBarProps {
  /** `islandMessages(locale, PUNCHOUT_BAR_MESSAGES)`. */
  i18n: IslandI18nProp;
  /** Domain path prefix: '' or e.g. '/en'. */
  prefix: string;
}

export default function PunchOutBar({ i18n, prefix }: PunchOutBarProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Bar prefix={prefix} />
    </I18nProvider>
  );
}

function Bar({ prefix }: { prefix: string }) {
  const t = useT();
  const session = useHydratedStore($punchOut, null);

  useEffect(() => {
    void refreshPunchOut();
  }, []);

  if (!session) return null;
  const system = session.systemName;
  return (
    <section
      aria-label={t('punchout.bar.label')}
      className="border-b border-amber-300 bg-amber-50 text-sm text-amber-950"
    >
      <div className="boxed flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t('punchout.bar.system', { system })}</span>
          {session.testMode && (
            <span className="rounded bg-amber-200 px-2 py-0.5 text-xs font-semibold uppercase">
              {t('punchout.bar.test')}
            </span>
          )}
          {session.readOnly && (
            <span className="rounded bg-white px-2 py-0.5 text-xs font-semibold ring-1 ring-amber-300">
              {t('punchout.bar.readOnly')}
            </span>
          )}
        </p>
        <form method="post" action={`${prefix}/punchout/cancel`}>
          <button
            type="submit"
            className="rounded border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100"
          >
            {t('punchout.bar.cancel', { system })}
          </button>
        </form>
      </div>
    </section>
  );
}
