import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { CompanyRegistrationResponseSchema } from '../../../contract/provider/registration.ts';
import { islandMessages } from '../../i18n/translator.ts';
import RegistrationWizard, { REGISTER_MESSAGES } from './RegistrationWizard.tsx';
import type { RegistrationFlags } from './registration.ts';
import { providerBase } from '../../testing/test-browser.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const FLAGS: RegistrationFlags = {
  isNew: true,
  existingCompanyNumber: true,
  invoiceEmail: true,
  branchIndustry: true,
  customerFunction: true,
  mobile: false,
  fax: false,
  citySearch: false,
};

const TITLES: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 500: 'Internal Server Error' };
/** An error answer of the backend (backend/http/errors.ts: StoreApiError#toEnvelope). */
const envelope = (status: number, code: string, detail: string) => ({
  errors: [{ status: String(status), code, title: TITLES[status] ?? 'Error', detail, meta: { parameters: {} } }],
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWizard(
  mode: 'company' | 'customer',
  flags: Partial<RegistrationFlags> = {},
  locale: 'nl-NL' | 'de-DE' = 'nl-NL',
) {
  return render(
    <RegistrationWizard
      mode={mode}
      i18n={islandMessages(locale, REGISTER_MESSAGES)}
      flags={{ ...FLAGS, ...flags }}
      prefix=""
      locale={locale}
      country="BE"
    />,
  );
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Mevrouw' }));
  await user.type(screen.getByLabelText('Voornaam'), 'Nele');
  await user.type(screen.getByLabelText('Achternaam'), 'Maes');
  await user.type(screen.getByLabelText('E-mailadres'), 'nele@example.be');
  await user.type(screen.getByLabelText('Herhaal e-mailadres'), 'nele@example.be');
  await user.type(screen.getByLabelText('Gebruikersnaam'), 'nele.maes');
  await user.type(screen.getByLabelText('Wachtwoord'), 'Geheim!2026');
  await user.type(screen.getByLabelText('Herhaal wachtwoord'), 'Geheim!2026');
  await user.click(screen.getByRole('checkbox', { name: /privacyverklaring/ }));
}

test('offers the three choices and marks the current one', () => {
  renderWizard('company');
  const choice = screen.getByRole('navigation', { name: 'Hoe wilt u zich registreren?' });
  expect(within(choice).getByRole('link', { name: /Nieuwe klant worden/ })).toHaveAttribute('aria-current', 'page');
  expect(within(choice).getByRole('link', { name: /Bestaande klant/ })).toHaveAttribute('href', '/register/customer');
  expect(within(choice).getByRole('link', { name: /Inloggen/ })).toHaveAttribute('href', '/auth');
});

test('new company: each step validates before moving on, then registers and confirms', async () => {
  // backend/store-api/registration.routes.ts: the new, still inactive lead buyer and company
  fetchMock.mockResolvedValue(
    json(
      v.parse(CompanyRegistrationResponseSchema, {
        customerId: 'c'.repeat(32),
        companyId: 'f'.repeat(32),
        active: false,
        apiAlias: 'company_registration',
      }),
    ),
  );
  const user = userEvent.setup();
  renderWizard('company');
  expect(screen.getByRole('heading', { name: 'Bedrijfscontrole' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(screen.getByText('Dit is een verplicht veld')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Btw-nummer'), 'BE12');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(screen.getByText('Vul een geldig btw-nummer in')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Btw-nummer'));
  await user.type(screen.getByLabelText('Btw-nummer'), 'BE 0477.472.701');
  // isNew = no asks for the existing client number, digits only.
  await user.click(screen.getByRole('radio', { name: 'Ja, wij hebben een klantnummer' }));
  await user.type(screen.getByLabelText('Bestaand klantnummer'), '12ab');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(screen.getByText('Vul alleen cijfers in')).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: 'Nee, wij zijn nieuw' }));
  await user.click(screen.getByRole('button', { name: 'Volgende' }));

  expect(screen.getByRole('heading', { name: 'Bedrijfsgegevens' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(screen.getAllByText('Dit is een verplicht veld')).toHaveLength(5);
  // Branch codes are offered by name.
  const branch = screen.getByRole('combobox', { name: 'Uw vestiging' });
  expect(within(branch).getByRole('option', { name: 'Luik' })).toHaveValue('IML_LIE');
  await user.selectOptions(branch, 'Luik');
  await user.type(screen.getByLabelText('Bedrijfsnaam'), 'Maes Techniek BV');
  await user.type(screen.getByLabelText('Straat'), 'Kerkstraat');
  await user.type(screen.getByLabelText('Huisnummer'), '12');
  await user.type(screen.getByLabelText('Postcode'), '9000');
  await user.type(screen.getByLabelText('Plaats'), 'Gent');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));

  expect(screen.getByRole('heading', { name: 'Persoonlijke gegevens' })).toBeInTheDocument();
  await user.type(screen.getByLabelText('E-mailadres'), 'nele@example');
  await user.type(screen.getByLabelText('Herhaal e-mailadres'), 'other@example.be');
  await user.type(screen.getByLabelText('Wachtwoord'), 'kort');
  await user.type(screen.getByLabelText('Herhaal wachtwoord'), 'anders');
  await user.click(await screen.findByRole('button', { name: 'Registreren' }));
  expect(screen.getByText('Vul een geldig e-mailadres in')).toBeInTheDocument();
  expect(screen.getByText('De e-mailadressen komen niet overeen')).toBeInTheDocument();
  expect(screen.getByText('Minimaal 8 tekens')).toBeInTheDocument();
  expect(screen.getByText('De wachtwoorden komen niet overeen')).toBeInTheDocument();
  expect(screen.getByText('Ga akkoord met de privacyverklaring')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();

  for (const label of ['E-mailadres', 'Herhaal e-mailadres', 'Wachtwoord', 'Herhaal wachtwoord'])
    await user.clear(screen.getByLabelText(label));
  await fillPerson(user);
  await user.click(await screen.findByRole('button', { name: 'Registreren' }));

  expect(await screen.findByRole('heading', { name: 'Bedankt voor uw registratie' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Daarna wordt uw klantaccount geactiveerd');
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(String(url)).toMatch(/\/store-api\/werkbank\/register\/company$/);
  expect(JSON.parse(String(init!.body))).toMatchObject({
    vatNumber: 'BE0477472701',
    companyName: 'Maes Techniek BV',
    branch: 'IML_LIE',
    isNew: true,
    existingCompanyNumber: null,
    prefix: 'female',
    username: 'nele.maes',
    language: 'nl-NL',
    privacyConsent: true,
  });
});

test('German texts of verbatim for required fields', async () => {
  const user = userEvent.setup();
  renderWizard('customer', {}, 'de-DE');
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(screen.getByText('Das ist ein Pflichtfeld')).toBeInTheDocument();
});

test('existing customer: the company check asks the server; server errors land on their fields and steps', async () => {
  const user = userEvent.setup();
  renderWizard('customer');
  expect(screen.queryByRole('heading', { name: 'Bedrijfsgegevens' })).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Klantnummer'), '999999');
  fetchMock.mockResolvedValueOnce(json({ exists: false }));
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(await screen.findByText('Er bestaat geen bedrijf met dit klantnummer.')).toBeInTheDocument();
  expect(String(fetchMock.mock.calls[0]![0])).toContain(
    `${providerBase()}/register/company/exists?companyNumber=999999`,
  );
  expect(screen.getByRole('heading', { name: 'Bedrijfscontrole' })).toBeInTheDocument();

  fetchMock.mockResolvedValueOnce(json({ exists: true }));
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(await screen.findByRole('heading', { name: 'Persoonlijke gegevens' })).toBeInTheDocument();
  await fillPerson(user);

  fetchMock.mockResolvedValueOnce(json(envelope(400, 'DUPLICATE_USERNAME', 'The username is already taken.'), 400));
  await user.click(await screen.findByRole('button', { name: 'Registreren' }));
  expect(await screen.findByText('Deze gebruikersnaam is al in gebruik.')).toBeInTheDocument();
  expect(screen.getByLabelText('Gebruikersnaam')).toHaveAttribute('aria-invalid', 'true');

  fetchMock.mockResolvedValueOnce(
    json(envelope(403, 'CLIENT_IS_BLOCKED', 'This client number is blocked; please contact us.'), 403),
  );
  await user.click(await screen.findByRole('button', { name: 'Registreren' }));
  expect(await screen.findByRole('heading', { name: 'Bedrijfscontrole' })).toBeInTheDocument();
  expect(screen.getByText('Dit klantnummer is geblokkeerd. Neem contact met ons op.')).toBeInTheDocument();

  fetchMock.mockResolvedValueOnce(json({ exists: true }));
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await screen.findByRole('heading', { name: 'Persoonlijke gegevens' });
  fetchMock.mockResolvedValueOnce(json(envelope(500, 'FRAMEWORK__INTERNAL_ERROR', 'An internal error occurred.'), 500));
  await user.click(await screen.findByRole('button', { name: 'Registreren' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('An internal error occurred.');
  const body = JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body)) as Record<string, unknown>;
  expect(body).toMatchObject({ companyNumber: '999999', vatNumber: null, prefix: 'female', username: 'nele.maes' });
});

test('feature flags decide which optional fields show', async () => {
  const user = userEvent.setup();
  renderWizard('company', {
    isNew: false,
    invoiceEmail: false,
    branchIndustry: false,
    customerFunction: false,
    mobile: true,
    fax: true,
  });
  expect(screen.queryByRole('radio', { name: 'Nee, wij zijn nieuw' })).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Btw-nummer'), 'NL123456782B01');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(screen.queryByLabelText(/E-mailadres voor facturen/)).not.toBeInTheDocument();
  expect(screen.queryByLabelText(/Sector/)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Bedrijfsnaam'), 'X');
  await user.type(screen.getByLabelText('Straat'), 'Y');
  await user.type(screen.getByLabelText('Huisnummer'), '1');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Land' }), 'Nederland');
  await user.type(screen.getByLabelText('Postcode'), '9000');
  await user.type(screen.getByLabelText('Plaats'), 'Gent');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(screen.getByText('Vul een geldige postcode in')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Postcode'), ' AB');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  expect(screen.getByLabelText(/Gsm/)).toBeInTheDocument();
  expect(screen.getByLabelText(/Fax/)).toBeInTheDocument();
  expect(screen.queryByLabelText(/Functie/)).not.toBeInTheDocument();
});

test('city search suggests the cities of a zipcode when the flag is on', async () => {
  fetchMock.mockResolvedValue(json({ elements: [{ zipcode: '9000', city: 'Gent', country: 'BE' }], total: 1 }));
  const user = userEvent.setup();
  renderWizard('company', { citySearch: true });
  await user.type(screen.getByLabelText('Btw-nummer'), 'BE0477472701');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await user.type(screen.getByLabelText('Postcode'), '9000');
  expect(await screen.findByRole('button', { name: 'Gent' })).toBeInTheDocument();
  expect(screen.getByLabelText('Plaats')).toHaveValue('Gent');
  expect(String(fetchMock.mock.calls[0]![0])).toContain(
    `${providerBase()}/register/cities/search?zipcode=9000&country=BE`,
  );
});
